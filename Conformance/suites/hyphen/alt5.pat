ISO8859-1
% Dutch example: omaatje -> oma-tje
%aa1tje./a=tje,1,5 (alternative solution)
aa1tje./=,2,1
