UTF-8
% test patterns for lefthyphenmin fix for UTF-8 patterns
mi1ért
