UTF-8
xé1ém/á=a,2,2
