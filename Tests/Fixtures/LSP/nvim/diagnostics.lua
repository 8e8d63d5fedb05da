-- Run after Editors/nvim/patience.lua, the configuration Docs/Editors.md gives, with a broken
-- rule file open: waits for the language server's diagnostics and writes them, with the
-- buffer's file type and the clients attached, as JSON to $LSP_OUT. Run by
-- Tests/LanguageServerTests/NeovimConfigurationTests.swift as
--   LSP_OUT=… nvim --headless --clean -u Editors/nvim/patience.lua FILE -c "luafile diagnostics.lua"
local out = os.getenv("LSP_OUT")
local result = { errors = {} }
local ok, problem = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[buf].filetype
  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    table.insert(result.errors, "no diagnostics arrived")
  end
  result.clients = {}
  local attached = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
  for _, client in pairs(attached) do table.insert(result.clients, client.name) end
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.diagnostics, { code = d.code, message = d.message, lnum = d.lnum, col = d.col })
  end
end)
if not ok then table.insert(result.errors, tostring(problem)) end
local file = io.open(out, "w")
file:write(vim.fn.json_encode(result))
file:close()
vim.cmd("qa!")
