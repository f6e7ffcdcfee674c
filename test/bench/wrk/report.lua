-- Shared by the benches' wrk scripts: counts replies by status in each thread and, at the end, prints one JSON
-- line (requests, seconds, p50 and p99 in ms, socket errors, statuses) for test/bench/wrk.ts to read.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

statuses = {}

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for code, count in pairs(thread:get("statuses")) do
      counts[code] = (counts[code] or 0) + count
    end
  end
  local parts = {}
  for code, count in pairs(counts) do
    parts[#parts + 1] = string.format('"%d":%d', code, count)
  end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"seconds":%f,"p50":%f,"p99":%f,"errors":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.timeout, table.concat(parts, ",")))
end
