" Rule files of Patience.
autocmd BufRead,BufNewFile *.patience setfiletype patience
