ISO8859-1
COMPOUNDLEFTHYPHENMIN 3
COMPOUNDRIGHTHYPHENMIN 4
% 1st (compound) level
motor1cycle
% 2nd (non compound) level
NEXTLEVEL
.mo1tor.
.cy1cle.
% check independency of the 1st and 2nd hyphenation levels
.motor2cycle.
