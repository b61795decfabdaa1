# only comments

% and blank lines

