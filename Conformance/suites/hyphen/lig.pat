UTF-8
% Unicode ligature hyphenation (ffi -> f=fi)
ﬃ1/f=ﬁ,1,1
