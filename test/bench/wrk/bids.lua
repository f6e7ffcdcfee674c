-- Bids: POST /auctions/<lot>/bids, each request as the next bidder in turn (a bearer token each) on a lot drawn at
-- random, with amounts that only rise, so a bid fails only when a racing higher one committed first.
-- Arguments: tokens file, lots file (one per line), the first amount in dollars, and "maximums" to give every
-- other bid a maximum three dollars above it.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)")
dofile(here .. "report.lua")

local tokens, lots = {}, {}
local amount, maximums, n = 0, false, 0

function init(args)
  for line in io.lines(args[1]) do tokens[#tokens + 1] = line end
  for line in io.lines(args[2]) do lots[#lots + 1] = line end
  amount = tonumber(args[3])
  maximums = args[4] == "maximums"
end

function request()
  n = n + 1
  amount = amount + 1
  local body
  if maximums and n % 2 == 0 then
    body = string.format('{"amount":%d,"maximum":%d}', amount, amount + 3)
  else
    body = string.format('{"amount":%d}', amount)
  end
  local headers = { ["content-type"] = "application/json", ["authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] }
  return wrk.format("POST", "/auctions/" .. lots[math.random(#lots)] .. "/bids", headers, body)
end
