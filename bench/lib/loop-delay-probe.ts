// Preloaded into the shop's processes by the soak (`node --import tsx --import <this> server/index.ts`; cluster
// workers inherit it): each process measures its own event-loop delay with perf_hooks (10 ms resolution) and,
// every BENCH_LOOP_DELAY_MS, writes the figures of that interval to BENCH_LOOP_DELAY_DIR/<pid>.json and starts a
// new interval; SIGUSR2 starts the intervals again (below). Nothing else in the process changes; without
// BENCH_LOOP_DELAY_DIR it does nothing.
// perf_hooks reports the time between two of its 10 ms timers (an idle loop reads ~10.1 ms): the figures written
// are the delay beyond that, so an idle loop reads ~0.1 ms and a 100 ms block ~100 ms.
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.BENCH_LOOP_DELAY_DIR;
if (dir) {
  const everyMs = Number(process.env.BENCH_LOOP_DELAY_MS) || 5_000;
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const file = path.join(dir, `${process.pid}.json`);
  const role = cluster.isPrimary ? 'primary' : `worker ${process.env.SHOP_WORKER_INDEX ?? '?'}`;
  const ms = (ns: number) => Number(Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(2));
  const figures = () => ({
    pid: process.pid,
    role,
    at: Date.now(),
    samples: histogram.count,
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    mean: ms(histogram.mean || 0),
  });
  // Written whole, then renamed: the reader never sees half a file.
  const write = (target: string) => {
    fs.writeFileSync(`${target}.tmp`, JSON.stringify(figures()));
    fs.renameSync(`${target}.tmp`, target);
    histogram.reset();
  };
  let timer = setInterval(() => write(file), everyMs).unref();
  // SIGUSR2 from the soak: its traffic starts now. What was measured since the last interval (the setup: accounts'
  // passwords hashed, 1,000 sockets opened) goes to <pid>.setup, and the intervals start again from here.
  process.on('SIGUSR2', () => {
    clearInterval(timer);
    write(path.join(dir, `${process.pid}.setup`));
    timer = setInterval(() => write(file), everyMs).unref();
  });
}
