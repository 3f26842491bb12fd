" pgknob: filetypes for PostgreSQL's configuration files (postgresql.conf, pg_hba.conf,
" pg_ident.conf), for the syntax files beside this one and the language server (docs/lsp.md).
autocmd BufNewFile,BufRead postgresql.conf,postgresql.auto.conf,postgresql.conf.sample,*.postgresql.conf setfiletype pgconf
autocmd BufNewFile,BufRead */conf.d/*.conf,*/postgresql/*/main/*.conf setfiletype pgconf
autocmd BufNewFile,BufRead pg_hba.conf,pg_hba.conf.sample,*.pg_hba.conf setfiletype pghba
autocmd BufNewFile,BufRead pg_ident.conf,pg_ident.conf.sample,*.pg_ident.conf setfiletype pgident
