UTF-8
1.a
