" Vim syntax for pg_hba.conf (src/backend/libpq/hba.c): connection type, database, user,
" address, method and options; "quoted" names, # comments, include directives (16+). The groups
" match the Emacs mode and the VS Code grammar (docs/lsp.md).
if exists('b:current_syntax')
  finish
endif
syntax match pgkComment /#.*$/ contains=@Spell
syntax match pgkInclude /^\s*\zsinclude\(_if_exists\|_dir\)\?\ze\(\s\|=\)/
syntax match pgkKeyword /^\s*\zs\(local\|host\|hostssl\|hostnossl\|hostgssenc\|hostnogssenc\)\ze\s/
syntax match pgkKeyword /\s\zs\(trust\|reject\|scram-sha-256\|md5\|password\|gss\|sspi\|ident\|peer\|ldap\|radius\|cert\|pam\|bsd\|oauth\)\ze\(\s\|$\)/
syntax region pgkString start=/"/ end=/"/ oneline
syntax region pgkString start=/'/ end=/'/ oneline
syntax match pgkNumber /\s\zs\d\{1,3}\(\.\d\{1,3}\)\{3}\(\/\d\{1,2}\)\?\ze\(\s\|$\)/
syntax match pgkNumber /\s\zs[0-9A-Fa-f]*:[0-9A-Fa-f:.]*\(\/\d\{1,3}\)\?\ze\(\s\|$\)/
syntax match pgkName /\s\zs[A-Za-z_][A-Za-z0-9_]*\ze=/
highlight default link pgkComment Comment
highlight default link pgkInclude Include
highlight default link pgkKeyword Keyword
highlight default link pgkString String
highlight default link pgkNumber Number
highlight default link pgkName Identifier
let b:current_syntax = 'pghba'
