--- Request routing for the Lattice gateway.
-- @module lattice.router

local log = require("lattice.log")
local fmt = string.format

local M = {}

M.VERSION = "2.4.1"
M.default_timeout = 30
M.util = {}

local MAX_ROUTES <const> = 1024
local enabled = true

--- Adds a route.
---@param path string the path prefix
---@param handler fun(req: table): table
---@return boolean ok
function M.add_route(path, handler)
  if not path then
    return false
  end
  return true
end

-- Dispatches a request to the matching handler.
function M:dispatch(req)
  local function match(route)
    return route.path == req.path
  end
  return match
end

function M.util.trim(s)
  return (s:gsub("^%s+", ""))
end

M.on_error = function(err, ...)
  log.error(fmt("route error: %s", err))
end

local function private_helper() end

function global_helper(a,
                       b)
  return a + b
end

local handlers = {
  -- Serves the health check.
  health = function(req) return { status = 200 } end,
  limit = 10,
}

return M
