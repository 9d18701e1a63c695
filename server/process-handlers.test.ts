import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.js';
import { handleProcessEvents, type StopReason } from './process-handlers.js';

/** A stand-in for `process`: events are emitted by the test, exit() is recorded. */
function setup(options: { faultStopMs?: number; signalStopMs?: number } = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', {
    destination: { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) },
  });
  const target = Object.assign(new EventEmitter(), {
    exitCode: undefined as number | string | undefined,
    exit: vi.fn<(code: number) => void>(),
  });
  const handlers = handleProcessEvents({ logger, role: 'single', target, ...options });
  const exited = () => new Promise<number>((resolve) => target.exit.mockImplementation((code) => resolve(code)));
  return { lines, target, handlers, exited };
}

describe('Process handlers', () => {
  it('When a rejection is unhandled, then one fatal line carries the error, the work stops and the exit code is 1', async () => {
    const { lines, target, handlers, exited } = setup();
    const stop = vi.fn<(reason: StopReason) => Promise<void>>().mockResolvedValue(undefined);
    handlers.stopWith(stop);
    const exit = exited();
    target.emit('unhandledRejection', new TypeError('nobody awaited this'), Promise.resolve());
    expect(await exit).toBe(1);
    expect(stop.mock.calls).toEqual([['fault']]);
    expect(target.exitCode).toBe(1);
    expect(lines).toMatchObject([
      {
        level: 'fatal',
        msg: 'Unhandled rejection: stopping, then exiting with code 1',
        fault: 'unhandledRejection',
        process: 'single',
        err: { type: 'TypeError', message: 'nobody awaited this' },
      },
      { level: 'info', msg: 'Stopped', exit_code: 1 },
    ]);
  });

  it('When something that is not an Error is thrown, then the line still says what it was', async () => {
    const { lines, target, exited } = setup();
    const exit = exited();
    target.emit('uncaughtException', 'a bare string', 'uncaughtException');
    expect(await exit).toBe(1);
    expect(lines[0]).toMatchObject({
      level: 'fatal',
      msg: 'Uncaught exception: stopping, then exiting with code 1',
      reason: 'a bare string',
    });
  });

  it('When a second fault comes while stopping, then it is logged but the stop is not started again', async () => {
    const { lines, target, handlers, exited } = setup();
    let finish!: () => void;
    const stop = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    handlers.stopWith(stop);
    const exit = exited();
    target.emit('uncaughtException', new Error('first'));
    target.emit('unhandledRejection', new Error('second'));
    await Promise.resolve();
    finish();
    expect(await exit).toBe(1);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => l.msg)).toEqual([
      'Uncaught exception: stopping, then exiting with code 1',
      'Unhandled rejection while stopping',
      'Stopped',
    ]);
  });

  it('When the stop hangs, then the process exits with code 1 after the bound', async () => {
    const { lines, target, handlers, exited } = setup({ faultStopMs: 50 });
    handlers.stopWith(() => new Promise(() => undefined));
    const exit = exited();
    target.emit('unhandledRejection', new Error('stuck'));
    expect(await exit).toBe(1);
    expect(lines.at(-1)).toMatchObject({ level: 'error', msg: 'Stopping took longer than 50 ms; exiting' });
  });

  it('When SIGTERM arrives, then the work stops and the exit code is 0; a fault meanwhile makes it 1', async () => {
    const calm = setup();
    const stop = vi.fn<(reason: StopReason) => Promise<void>>().mockResolvedValue(undefined);
    calm.handlers.stopWith(stop);
    let exit = calm.exited();
    calm.target.emit('SIGTERM');
    calm.target.emit('SIGINT');
    expect(await exit).toBe(0);
    expect(stop.mock.calls).toEqual([['signal']]);
    expect(calm.lines.map((l) => l.msg)).toEqual(['SIGTERM received, shutting down', 'Stopped']);

    const troubled = setup();
    let finish!: () => void;
    troubled.handlers.stopWith(() => new Promise<void>((resolve) => (finish = resolve)));
    exit = troubled.exited();
    troubled.target.emit('SIGINT');
    troubled.target.emit('uncaughtException', new Error('while closing'));
    await Promise.resolve();
    finish();
    expect(await exit).toBe(1);
  });

  it('When the stop fails, then the failure is logged and the exit code is 1', async () => {
    const { lines, target, handlers, exited } = setup();
    handlers.stopWith(() => Promise.reject(new Error('database would not close')));
    const exit = exited();
    target.emit('SIGTERM');
    expect(await exit).toBe(1);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      msg: 'Shutdown failed',
      err: { message: 'database would not close' },
    });
  });

  it('When a fault comes before the shop is built, then the process exits with code 1 at once', async () => {
    const { target, exited } = setup();
    const exit = exited();
    target.emit('unhandledRejection', new Error('during the start'));
    expect(await exit).toBe(1);
  });
});
