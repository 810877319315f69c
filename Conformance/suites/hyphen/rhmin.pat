UTF-8
RIGHTHYPHENMIN 3
% test patterns for righthyphenmin fix for UTF-8 patterns
övé1it
అం1గ1డి1ధర
