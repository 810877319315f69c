ISO8859-1
LEFTHYPHENMIN 1
RIGHTHYPHENMIN 1
% Check for buffer overflows
.a1b.
a9a
ab3a/b=bbbbbbbbbbbbbbbbbbbbbb,1,2
