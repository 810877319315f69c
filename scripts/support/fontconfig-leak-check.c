// Calls every CFontconfig shim function N times (see scripts/fontconfig-leak-check.sh).
#include "../../Sources/CFontconfig/shim.h"
#include <stdio.h>
int main(int argc,char**argv){int n=atoi(argv[1]);wf_fc_font f;char req[256];
for(int i=0;i<n;i++){wf_fc_match("Noto Sans:bold",700,&f,req,256);unsigned cp[2]={0x9673u+(unsigned)(i%50),0x1F600};wf_fc_fallback(cp,1,i%2?"zh-cn":NULL,i%3==0,700,0,&f);wf_fc_fallback(cp+1,1,NULL,1,0,-1,&f);}
char*l=wf_fc_families();wf_fc_free(l);printf("%s\n",f.file);return 0;}
