-- wrk script for bench:load (tests/bench/load.bench.ts). With WRK_PATHS (a file, one path a line), each
-- of wrk's threads takes its own share of the paths in turn (thread t of n: lines t+1, t+1+n, …), so no
-- two requests ask for the same path until the list runs out ("wrapped" counts the times it did).
-- Without it, every request asks for the URL on wrk's command line. At the end: one JSON line with the
-- request count, duration, errors and latency percentiles (microseconds).
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  paths = {}
  local file = os.getenv("WRK_PATHS")
  if file and file ~= "" then
    for line in io.lines(file) do paths[#paths + 1] = line end
  end
  step = tonumber(os.getenv("WRK_THREADS") or "1")
  pos = tid + 1
  wrapped = 0
end

function request()
  if #paths == 0 then return wrk.request() end
  if pos > #paths then
    pos = pos - #paths
    wrapped = wrapped + 1
  end
  local path = paths[pos]
  pos = pos + step
  return wrk.format(nil, path)
end

function done(summary, latency, requests)
  local wraps = 0
  for _, thread in ipairs(threads) do wraps = wraps + (thread:get("wrapped") or 0) end
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"errors":%d,"non2xx":%d,"p50":%d,"p95":%d,"p99":%d,"wrapped":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), wraps))
end
