-- A real editor as the language server's client: Neovim, headless, starts `patience lsp`,
-- opens a broken variant, and writes what it got back as JSON to $LSP_OUT: the diagnostics,
-- a hover, a definition in the parent file and the buffer after formatting.
-- Run by Tests/LanguageServerTests/NeovimClientTests.swift as
--   PATIENCE_BIN=… LSP_DIR=… LSP_OUT=… nvim --headless --clean -u client.lua
-- It works with Neovim 0.7 (Debian 12) and later.
local bin = os.getenv("PATIENCE_BIN")
local dir = os.getenv("LSP_DIR")
local out = os.getenv("LSP_OUT")
local result = { errors = {} }

local function finish()
  local file = io.open(out, "w")
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qa!")
end

local function fail(message)
  table.insert(result.errors, message)
end

local ok, problem = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(dir .. "/BrokenVariant.patience"))
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({ name = "patience", cmd = { bin, "lsp" }, root_dir = dir })
  if not client_id then
    fail("the server did not start")
    return
  end
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  -- Diagnostics arrive by themselves once the file is checked.
  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    fail("no diagnostics arrived")
  end
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.diagnostics, { code = d.code, message = d.message, lnum = d.lnum, col = d.col, severity = d.severity })
  end

  local uri = vim.uri_from_bufnr(buf)
  local function at(line, character)
    return { textDocument = { uri = uri }, position = { line = line, character = character } }
  end
  -- Line 5 (0-based 4) is `override accept tableau {`; `tableau` starts at character 16.
  local hover = client.request_sync("textDocument/hover", at(4, 18), 10000, buf)
  if hover and hover.result then result.hover = hover.result.contents.value else fail("no hover") end

  local definition = client.request_sync("textDocument/definition", at(4, 18), 10000, buf)
  if definition and definition.result then
    local location = definition.result[1] or definition.result
    result.definition = { uri = location.uri, line = location.range.start.line, character = location.range.start.character }
  else
    fail("no definition")
  end

  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = buf, timeout_ms = 10000 })
  else
    vim.lsp.buf.formatting_sync(nil, 10000)
  end
  result.formatted = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
if not ok then fail(tostring(problem)) end
finish()
