-- Neovim's built-in LSP client (0.7) on one file: starts `pgknob lsp`, waits for diagnostics,
-- writes them as JSON to $PGKNOB_NVIM_OUT and quits. tests/lsp/t-lsp.sh runs it headless.
local out = os.getenv('PGKNOB_NVIM_OUT')
local pgknob = os.getenv('PGKNOB')
local client_id = vim.lsp.start_client({
  name = 'pgknob',
  cmd = { pgknob, 'lsp' },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(0, client_id)
local ok = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local items = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(items, { line = d.lnum, severity = d.severity, code = d.code or
    (d.user_data and d.user_data.lsp and d.user_data.lsp.code), message = d.message })
end
local fh = io.open(out, 'w')
fh:write(vim.fn.json_encode({ waited = ok, diagnostics = items }))
fh:close()
vim.lsp.stop_client(client_id)
vim.cmd('qa!')
