" Vim syntax for pg_ident.conf: map name, system user (a /regex/ or a name), database user;
" "quoted" names, # comments, include directives (16+). The groups match the Emacs mode and
" the VS Code grammar (docs/lsp.md).
if exists('b:current_syntax')
  finish
endif
syntax match pgkComment /#.*$/ contains=@Spell
syntax match pgkInclude /^\s*\zsinclude\(_if_exists\|_dir\)\?\ze\(\s\|=\)/
syntax match pgkName /^\s*\zs\(include\(_if_exists\|_dir\)\?\s\)\@![A-Za-z0-9_.-]\+\ze\s/
syntax region pgkString start=/"/ end=/"/ oneline
syntax region pgkString start=/'/ end=/'/ oneline
highlight default link pgkComment Comment
highlight default link pgkInclude Include
highlight default link pgkString String
highlight default link pgkName Identifier
let b:current_syntax = 'pgident'
