-- Functions assigned in top-level blocks are the module's: "do ... end"
-- scopes helpers, "if" picks an implementation once.
local M = {}

do
  local function trim(s) return (s:gsub("^%s+", "")) end
  M.wrap = function(s, width)
    return trim(s):sub(1, width)
  end
end

if jit then
  M.clock = function() return os.clock() end
elseif os.time then
  M.clock = function() return os.time() end
else
  M.clock = function() return 0 end
end

-- Handlers keyed by string.
M["textDocument/rename"] = function(err, result) end

function M.setup(opts)
  -- Working state of a function, not definitions.
  local handler = function() end
  M.last = function() return opts end
  for _, k in ipairs(opts) do
    M[k] = function() end
  end
end

return M
