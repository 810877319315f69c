ISO8859-1
% Norwegian example:
% non-standard hyphenation at compound boundary (kilowattime -> kilowatt-time)
% and recursive compound hyphenation (kilowatt->kilo-watt)
% 1st (compound) level
wat1time/tt=t,3,2
.kilo1watt.
% 2nd (non compound) level
NEXTLEVEL
.ki1lo.
.ti1me.
