ISO8859-1
% German prereform hyphenation: Schiffahrt -> Schiff-fahrt
f1f
if3fa/ff=f,2,2
% pattern added by substrings.pl:
if1f
