s2sz
s3szon/sz=sz,1,3
vas4szon
avas1as5szon/sz=sz,6,3
.éavasasszonyo1kat
pas3szon/sz=sz,3,3
.klas3szon/sz=sz,4,3
kakas5szonda
kakas7szondan/sz=sz,6,3
% patterns added by substrings.pl:
kakas3szon/sz=sz,5,3
.éavas1as5szon/sz=sz,8,3
