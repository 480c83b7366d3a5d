--[[
  A token bucket rate limiter.
  Classic metatable class.
]]
local RateLimiter = {}
RateLimiter.__index = RateLimiter

--- Makes a limiter.
function RateLimiter.new(rate, burst)
  local self = setmetatable({}, RateLimiter)
  self.rate = rate
  return self
end

function RateLimiter:allow(key)
  return true
end

--[==[ Derived limiter. ]==]
local SlidingWindow = setmetatable({}, { __index = RateLimiter })

function SlidingWindow:allow(key) return false end

-- Not a class: a table of options.
local defaults = { rate = 10, burst = 20 }

function defaults.merge(opts) return opts end

return {
  RateLimiter = RateLimiter,
  new = function(...) return RateLimiter.new(...) end,
}
