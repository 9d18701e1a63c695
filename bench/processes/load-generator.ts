// Bench child: the HTTP load generator (autocannon), in its own process on its own core, so the server
// under test never shares an event loop or a CPU with the code that measures it.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { serveRequests } from '../lib/child.js';
import type { LoadResult, LoadSpec } from '../lib/load-types.js';

function optionsFor(spec: LoadSpec, durationSec: number): autocannon.Options {
  const paths = spec.paths;
  let next = 0;
  return {
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration: durationSec,
    timeout: 30,
    requests: paths?.length
      ? [
          {
            setupRequest: (request) => {
              request.path = paths[next++ % paths.length];
              return request;
            },
          },
        ]
      : undefined,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s on Linux). */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupSec > 0) await autocannon(optionsFor(spec, spec.warmupSec));
  const serverBefore = spec.serverPid ? cpuSecondsOf(spec.serverPid) : undefined;
  const ownBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const r = await autocannon(optionsFor(spec, spec.durationSec));
  const wall = (performance.now() - wallBefore) / 1000;
  const own = process.cpuUsage(ownBefore);
  const serverAfter = spec.serverPid ? cpuSecondsOf(spec.serverPid) : undefined;
  const requests = r.requests.total;
  return {
    title: spec.title,
    rps: requests / Math.max(r.duration, 0.001),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    mean: r.latency.average,
    max: r.latency.max,
    requests,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationSec: r.duration,
    connections: spec.connections,
    generatorCpu: (own.user + own.system) / 1e6 / wall,
    serverCpu:
      serverBefore !== undefined && serverAfter !== undefined ? (serverAfter - serverBefore) / wall : undefined,
  };
}

serveRequests({ load: (spec: LoadSpec) => runLoad(spec) }, { pid: process.pid }, () => undefined);
