-- GETs: each request takes the next path of a file (one per line), in turn, so a mix of filters, sorts and pages
-- is spread evenly over the run. Argument: the paths file.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)")
dofile(here .. "report.lua")

local paths = {}
local n = 0

function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
end

function request()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
