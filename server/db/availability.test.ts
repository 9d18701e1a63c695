import express from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { errorMiddleware } from '../http/error-middleware.js';
import { isDatabaseBusy, isDatabaseUnavailable } from './availability.js';

// Shapes as Prisma 6 throws them: a known request error with a code, a driver-adapter error with the SQLSTATE.
const transactionOutOfTime = Object.assign(new Error('Transaction API error: Transaction already closed'), {
  code: 'P2028',
});
const deadlock = Object.assign(new Error('deadlock detected'), {
  code: 'P2010',
  meta: { driverAdapterError: { cause: { kind: 'postgres', code: '40P01' }, code: '40P01' } },
});
const lostConnection = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'P1017' });

describe('A database too busy is not a database down', () => {
  it('When a transaction runs out of time or hits a deadlock, then it is busy, not unavailable; a lost connection is the other way round', () => {
    expect(isDatabaseBusy(transactionOutOfTime)).toBe(true);
    expect(isDatabaseUnavailable(transactionOutOfTime)).toBe(false);
    expect(isDatabaseBusy(deadlock)).toBe(true);
    expect(isDatabaseBusy(lostConnection)).toBe(false);
    expect(isDatabaseUnavailable(lostConnection)).toBe(true);
    expect(isDatabaseBusy(new Error('syntax error'))).toBe(false);
  });

  it('When a request fails on a busy database, then it answers 503 errors.unavailable with Retry-After, not 500', async () => {
    const app = express();
    app.get('/busy', () => {
      throw transactionOutOfTime;
    });
    app.get('/bug', () => {
      throw new Error('a real bug');
    });
    app.use(errorMiddleware(createLogger('silent')));
    const server = app.listen(0);
    const port = (server.address() as { port: number }).port;
    try {
      const busy = await fetch(`http://127.0.0.1:${port}/busy`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(((await busy.json()) as { key: string }).key).toBe('errors.unavailable');
      expect((await fetch(`http://127.0.0.1:${port}/bug`)).status).toBe(500);
    } finally {
      server.close();
    }
  });
});
