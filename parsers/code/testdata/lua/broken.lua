local M = {}

function M.ok(a)
  return a
end

function M.broken(a
  if a then
end

function M.after() end

return M
