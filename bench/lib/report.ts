// Printing figures and writing the run's JSON to bench/results/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, ROOT_DIR } from './child.js';

export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

export function heading(text: string): void {
  console.log(`\n== ${text}`);
}

export function note(text: string): void {
  console.log(`   ${text}`);
}

/** Prints rows as aligned columns; the first row is the header. Numbers are right-aligned. */
export function table(rows: (string | number)[][]): void {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  for (const [n, row] of cells.entries()) {
    const line = row.map((c, i) => (i === 0 || n === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`   ${line.trimEnd()}`);
  }
}

// A figure that is missing (NaN, or null after the trip through IPC as JSON) prints as '-'.
const missing = (v: number | null | undefined): v is null | undefined => typeof v !== 'number' || !Number.isFinite(v);
export const ms = (v: number) => (missing(v) ? '-' : v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);
export const rate = (v: number) => (missing(v) ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
export const ratio = (v: number) => (missing(v) ? '-' : `×${v >= 10 ? v.toFixed(1) : v.toFixed(2)}`);
export const percent = (v: number) => (missing(v) ? '-' : `${(v * 100).toFixed(1)} %`);
/** CPU use in cores as a percentage of one core. */
export const cpu = (cores: number | undefined) => (cores === undefined ? '-' : `${Math.round(cores * 100)} %`);
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Where and when the figures were taken: they only compare with figures of the same machine and load. */
export function machineInfo(): Record<string, unknown> {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT_DIR, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return {
    commit,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((v) => Number(v.toFixed(2))),
  };
}

export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

export function writeResults(name: string, data: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(ROOT_DIR, file);
}

/** The p-th percentile (0-100) of `values` by nearest rank; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Count, percentiles, max and mean of a set of latencies (ms). */
export function spread(values: number[]): Spread {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? values.reduce((a, b) => Math.max(a, b), -Infinity) : NaN,
    mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN,
  };
}
