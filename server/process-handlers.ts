// What a shop process does about its own events, in every mode: one process, the cluster primary, a cluster worker
// (decision 190). SIGTERM and SIGINT stop it gracefully (exit code 0). An unhandled rejection or
// an uncaught exception leaves it in a state nobody planned for: the error is logged once (pino, fatal), the process
// stops taking work the way the graceful stop does, within a short bound, and exits with code 1 so that whatever
// supervises it (the platform, systemd, the cluster primary for a worker) starts a fresh one.
import type { Logger } from './logger.js';

/** How long a failed process may spend stopping before it exits anyway. */
export const FAULT_STOP_MS = 5_000;
/** How long a graceful stop (SIGTERM, SIGINT) may take before the process exits anyway (with code 1). */
export const SIGNAL_STOP_MS = 10_000;

type Fault = 'unhandledRejection' | 'uncaughtException';
const FAULT_TEXT: Record<Fault, string> = {
  unhandledRejection: 'Unhandled rejection',
  uncaughtException: 'Uncaught exception',
};
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** The part of `process` used here (unit tests hand in a stand-in). */
export interface ProcessPort {
  on(event: string, listener: (value: unknown) => void): unknown;
  exit(code: number): void;
  exitCode?: number | string | undefined;
}

export interface ProcessHandlersOptions {
  logger: Logger;
  /** Names the process on its lines: `single`, `primary`, `worker 1`. */
  role: string;
  signalStopMs?: number;
  faultStopMs?: number;
  target?: ProcessPort;
}

/** Why the process stops: a signal asked it to, or a fault made it. */
export type StopReason = 'signal' | 'fault';

export interface ProcessHandlers {
  /** How this process stops taking work (close its listener, stop background work). Until set, it exits at once. */
  stopWith(stop: (reason: StopReason) => Promise<void>): void;
}

/** Installs the handlers; call it as soon as the logger exists, so a fault during the start is handled too. */
export function handleProcessEvents(options: ProcessHandlersOptions): ProcessHandlers {
  const { logger, role, target = process, signalStopMs = SIGNAL_STOP_MS, faultStopMs = FAULT_STOP_MS } = options;
  let stop: ((reason: StopReason) => Promise<void>) | undefined;
  let stopping = false;
  let exitCode = 0;

  const exit = () => target.exit(exitCode);

  /** Stops taking work once, then exits with the code known at that moment (a fault meanwhile makes it 1). */
  const stopThenExit = (reason: StopReason, boundMs: number) => {
    stopping = true;
    const force = setTimeout(() => {
      exitCode = 1;
      logger.error(`Stopping took longer than ${boundMs} ms; exiting`, { process: role });
      exit();
    }, boundMs);
    force.unref?.();
    Promise.resolve()
      .then(() => stop?.(reason))
      .then(
        () => {
          clearTimeout(force);
          logger.info('Stopped', { process: role, exit_code: exitCode });
          exit();
        },
        (error: unknown) => {
          clearTimeout(force);
          exitCode = 1;
          logger.error('Shutdown failed', error, { process: role });
          exit();
        },
      );
  };

  const onFault = (fault: Fault) => (error: unknown) => {
    exitCode = 1;
    // A natural end of the event loop (a stop that left nothing running) must not read as success either.
    target.exitCode = 1;
    try {
      const detail = error instanceof Error ? error : { reason: error };
      logger.fatal(
        stopping ? `${FAULT_TEXT[fault]} while stopping` : `${FAULT_TEXT[fault]}: stopping, then exiting with code 1`,
        detail,
        {
          process: role,
          fault,
        },
      );
    } catch {
      // Standard output itself is gone: there is nowhere to say it, and the exit below still happens.
    }
    if (!stopping) stopThenExit('fault', faultStopMs);
  };

  const onSignal = (signal: string) => () => {
    if (stopping) return;
    logger.info(`${signal} received, shutting down`, { process: role });
    stopThenExit('signal', signalStopMs);
  };

  target.on('unhandledRejection', onFault('unhandledRejection'));
  target.on('uncaughtException', onFault('uncaughtException'));
  for (const signal of SIGNALS) target.on(signal, onSignal(signal));

  return {
    stopWith(next) {
      stop = next;
    },
  };
}
