ISO8859-1
% German prereform hyphenation: Schiffahrt -> Schiff-fahrt
f1f/ff=f,1,2
