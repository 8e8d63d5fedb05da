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
  local config = { name = "patience", cmd = { bin, "lsp" }, root_dir = dir }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config) -- 0.8 and later: starts and attaches the current buffer
  else
    client_id = vim.lsp.start_client(config)
    if client_id then vim.lsp.buf_attach_client(buf, client_id) end
  end
  if not client_id then
    fail("the server did not start")
    return
  end
  local client = vim.lsp.get_client_by_id(client_id)
  -- Neovim 0.11 made the client's functions methods.
  local function request(method, params)
    if vim.fn.has("nvim-0.11") == 1 then return client:request_sync(method, params, 10000, buf) end
    return client.request_sync(method, params, 10000, buf)
  end

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
  local hover = request("textDocument/hover", at(4, 18))
  if hover and hover.result then result.hover = hover.result.contents.value else fail("no hover") end

  local definition = request("textDocument/definition", at(4, 18))
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
