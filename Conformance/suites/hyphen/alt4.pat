ISO8859-2
% Hungarian simplified double 2-character consonants: ssz -> sz-sz, nny -> ny-ny
s1sz/sz=sz,1,3
n1ny/ny=ny,1,3
