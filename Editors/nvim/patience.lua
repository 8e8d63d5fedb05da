-- Patience rule files in Neovim: the file type, and the language server `patience lsp` for
-- diagnostics, hover, go to definition, completion, outline, formatting and rename.
-- For Neovim 0.7 (Debian 12) and later. Copy it into init.lua, or load it from there with
--   dofile("/path/to/patience/Editors/nvim/patience.lua")
-- `patience` must be on the PATH, or set vim.g.patience_lsp_cmd = { "/path/to/patience", "lsp" }
-- before loading this file.

vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.patience",
  callback = function(args) vim.bo[args.buf].filetype = "patience" end,
})

-- The folder of the buffer's file (vim.fs is 0.8 and later).
local function folder_of(path)
  if vim.fs and vim.fs.dirname then return vim.fs.dirname(path) end
  return vim.fn.fnamemodify(path, ":h")
end

local clients = {} -- Neovim 0.7: one client per folder, by hand.

vim.api.nvim_create_autocmd("FileType", {
  pattern = "patience",
  callback = function(args)
    local config = {
      name = "patience",
      cmd = vim.g.patience_lsp_cmd or { "patience", "lsp" },
      root_dir = folder_of(vim.api.nvim_buf_get_name(args.buf)),
    }
    if vim.lsp.start then
      -- 0.8 and later: starts the server, or reuses the one of this folder, and attaches.
      vim.lsp.start(config, { bufnr = args.buf })
    else
      local id = clients[config.root_dir]
      if not id or not vim.lsp.get_client_by_id(id) then
        id = vim.lsp.start_client(config)
        clients[config.root_dir] = id
      end
      if id then vim.lsp.buf_attach_client(args.buf, id) end
    end
  end,
})
