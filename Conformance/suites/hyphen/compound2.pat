UTF-8
% 1st (compound) level
szony1fő
ök1assz
% 2nd (non compound) level
NEXTLEVEL
.as1szony./sz=,2,1
.fő1nök.
