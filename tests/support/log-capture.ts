// A logger whose JSON lines a test can read (what the operator would see on standard output).
import { createLogger, type LogLevel, type Logger } from '../../server/logger.js';

export interface LogLine {
  level: string;
  msg: string;
  request_id?: string;
  event?: string;
  [field: string]: unknown;
}

export interface CapturedLog {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines: LogLine[];
  /** The raw text written so far (to prove what never appears in it). */
  text(): string;
  clear(): void;
}

export function captureLog(level: LogLevel = 'info'): CapturedLog {
  const raw: string[] = [];
  const logger = createLogger(level, {
    destination: {
      write(chunk: string) {
        raw.push(chunk);
      },
    },
  });
  return {
    logger,
    get lines() {
      return raw
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    },
    text: () => raw.join(''),
    clear: () => {
      raw.length = 0;
    },
  };
}
