" Vim syntax for postgresql.conf as the server reads it (src/backend/utils/misc/guc-file.l):
" a name, an optional =, a value (quoted string, number with unit, or bare word), # comments,
" include directives. The groups match the Emacs mode and the VS Code grammar (docs/lsp.md).
if exists('b:current_syntax')
  finish
endif
syntax case ignore
syntax match pgkComment /#.*$/ contains=@Spell
syntax match pgkName /^\s*\zs[A-Za-z_][A-Za-z0-9_$]*\(\.[A-Za-z_][A-Za-z0-9_$]*\)*\ze\s*\(=\|\s\+\S\)/ nextgroup=pgkEquals skipwhite
syntax match pgkEquals /=/ contained nextgroup=pgkString,pgkNumber,pgkConstant skipwhite
syntax match pgkInclude /^\s*\zsinclude\(_if_exists\|_dir\)\?\ze\(\s\|=\)/ nextgroup=pgkString skipwhite
syntax region pgkString start=/'/ skip=/\\'\|''/ end=/'/ oneline
syntax match pgkNumber /\(=\s*\|^\s*[A-Za-z_][A-Za-z0-9_.$]*\s\+\)\@<=[-+]\?\(0x\x\+\|\d*\.\?\d\+\([eE][-+]\?\d\+\)\?\)\(B\|kB\|MB\|GB\|TB\|us\|ms\|s\|min\|h\|d\)\?\ze\s*\(#\|$\)/
syntax match pgkConstant /\(=\s*\|^\s*[A-Za-z_][A-Za-z0-9_.$]*\s\+\)\@<=[A-Za-z_][A-Za-z0-9_.:/-]*\ze\s*\(#\|$\)/
highlight default link pgkComment Comment
highlight default link pgkName Identifier
highlight default link pgkInclude Include
highlight default link pgkString String
highlight default link pgkNumber Number
highlight default link pgkConstant Constant
let b:current_syntax = 'pgconf'
