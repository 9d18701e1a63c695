// `npm run bench`: load figures of the shop next to baselines measured in the same run (docs/decisions/060).
// Sections: http (hot routes vs an Express baseline, PGlite and PostgreSQL), realtime (1,000 sockets vs raw ws),
// payment (forwarded SMS → the customer's socket vs a bare POST + emit), delivery (forwarded SMS → the top-up complete
// at a fake cash desk, beside the payment loop's figure), growth (list routes at ~1k vs 1M rows), books
// (GET /books of a day of 100,000 orders beside the order list),
// workers (1 vs 2 WEB_CONCURRENCY workers), and, only when named in BENCH_ONLY, soak (10 minutes of mixed traffic
// on PostgreSQL with 2 workers). Knobs: bench/results/README.md.
import { LOAD_CPU, pinningNote, startChild } from './lib/child.js';
import { readOptions } from './lib/options.js';
import { describeDatabase } from './lib/postgres.js';
import { heading, machineInfo, note, timestamp, writeResults } from './lib/report.js';
import { runHttpSection } from './sections/http.js';
import { runRealtimeSection } from './sections/realtime.js';
import { runGrowthSection } from './sections/growth.js';
import { runBooksSection } from './sections/books.js';
import { runPaymentSection, type PaymentSection } from './sections/payment.js';
import { runDeliverySection } from './sections/delivery.js';
import { runSoakSection } from './sections/soak.js';
import { runWorkersSection } from './sections/workers.js';

async function main(): Promise<void> {
  const opts = readOptions();
  const started = new Date();
  const machine = machineInfo();
  console.log(`Bench ${started.toISOString()}${opts.quick ? ' (BENCH_QUICK: short run, rough figures)' : ''}`);
  note(`${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, commit ${machine.commit}`);
  note(pinningNote());
  note(
    `load average at start ${(machine.loadAverage as number[]).join(' / ')}: other processes (test runs) may share the machine;`,
  );
  note('compare ratios measured in one run, not absolute figures across runs');

  // Database and Redis URLs may carry passwords: the results keep host, port and name only.
  const options = {
    ...opts,
    postgresBaseUrl: opts.postgresBaseUrl && describeDatabase(opts.postgresBaseUrl),
    largeDatabaseUrl: opts.largeDatabaseUrl && describeDatabase(opts.largeDatabaseUrl),
    redisUrl: opts.redisUrl && describeDatabase(opts.redisUrl, 6379),
  };
  const results: Record<string, unknown> = { startedAt: started.toISOString(), options, machine };
  let failed = false;
  const load = await startChild('load generator', 'processes/load-generator.ts', { cpu: LOAD_CPU });
  try {
    for (const section of opts.sections) {
      const t = Date.now();
      try {
        if (section === 'http') results.http = await runHttpSection(opts, load);
        if (section === 'realtime') results.realtime = await runRealtimeSection(opts);
        if (section === 'payment') results.payment = await runPaymentSection(opts);
        if (section === 'delivery')
          results.delivery = await runDeliverySection(opts, results.payment as PaymentSection | undefined);
        if (section === 'growth') results.growth = await runGrowthSection(opts, load);
        if (section === 'books') results.books = await runBooksSection(opts, load);
        if (section === 'workers') results.workers = await runWorkersSection(opts, load);
        if (section === 'soak') results.soak = await runSoakSection(opts, timestamp(started));
      } catch (error) {
        // One broken section (a server that no longer starts, say) must not cost the figures of the others.
        failed = true;
        results[section] = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
        note(`${section} FAILED: ${error instanceof Error ? error.message : String(error)}`);
      }
      note(`(${section}: ${((Date.now() - t) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await load.stop();
  }
  results.finishedAt = new Date().toISOString();
  results.loadAverageAtEnd = machineInfo().loadAverage;
  heading('Done');
  note(
    `${((Date.now() - started.getTime()) / 1000).toFixed(0)} s; figures in ${writeResults(timestamp(started), results)}`,
  );
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
