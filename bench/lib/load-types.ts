// What the orchestrator asks the load generator for, and what it gets back.

export interface LoadSpec {
  title: string;
  /** Origin and path, e.g. http://127.0.0.1:1234/api/v1/home */
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
  /** Paths to rotate through (one per request, round robin per connection); overrides the URL's path. */
  paths?: string[];
  connections: number;
  durationSec: number;
  /** A discarded run first, so JIT, pools and caches are warm. */
  warmupSec: number;
  /** The server's process id: its CPU time over the run is reported (Linux). */
  serverPid?: number;
}

export interface LoadResult {
  title: string;
  /** Completed requests per second, every status counted (see non2xx). */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSec: number;
  connections: number;
  /** CPU used over the measured run, in cores (1 = one core busy all the time); undefined where unknown. */
  generatorCpu: number;
  serverCpu?: number;
}
