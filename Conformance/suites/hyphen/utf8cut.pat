UTF-8
a1b/test=repl,1,10