// Only one instance may long-poll Telegram (a second getUpdates ends the first with 409): the poller holds a
// PostgreSQL session advisory lock on a connection of its own (decision 172). The lock lives as long as that
// session, so an instance that dies or loses its connection lets another take over; a probe every 15 s notices a
// silently dropped connection. PGlite is one process: the lock is simply held.
import pg from 'pg';
import type { Logger } from '../logger.js';

/** pg_try_advisory_lock(TELEGRAM_LOCK, POLLER): the first key is the desk's, the second the poller's. */
const TELEGRAM_LOCK = 0x7467; // 'tg'
const POLLER = 1;
const PROBE_MS = 15_000;

export interface PollLock {
  /** Takes the lock if no other instance holds it; true while this instance holds it. */
  acquire(): Promise<boolean>;
  held(): boolean;
  /** Called once when a held lock is lost (the connection ended): stop polling at once. */
  onLost(listener: () => void): void;
  release(): Promise<void>;
}

/** PGlite: one process, one poller. */
export function processLock(): PollLock {
  let held = false;
  return {
    acquire: async () => (held = true),
    held: () => held,
    onLost: () => undefined,
    release: async () => {
      held = false;
    },
  };
}

export function advisoryLock(databaseUrl: string, logger: Logger): PollLock {
  let client: pg.Client | null = null;
  let held = false;
  let probe: NodeJS.Timeout | undefined;
  const listeners: (() => void)[] = [];

  function lost(): void {
    const wasHeld = held;
    held = false;
    clearInterval(probe);
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
    if (wasHeld) {
      logger.warn('Telegram poller lost its database lock; another instance may take over');
      for (const listener of listeners) listener();
    }
  }

  return {
    async acquire() {
      if (held) return true;
      try {
        if (!client) {
          const fresh = new pg.Client({
            connectionString: databaseUrl,
            keepAlive: true,
            application_name: 'shop-telegram-poller',
          });
          fresh.on('error', lost);
          fresh.on('end', lost);
          await fresh.connect();
          client = fresh;
        }
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
          TELEGRAM_LOCK,
          POLLER,
        ]);
        held = rows[0]?.locked === true;
        if (held) {
          probe = setInterval(() => {
            client?.query('SELECT 1').catch(lost);
          }, PROBE_MS);
          probe.unref();
        }
        return held;
      } catch {
        lost();
        return false;
      }
    },
    held: () => held,
    onLost(listener) {
      listeners.push(listener);
    },
    async release() {
      clearInterval(probe);
      const old = client;
      client = null;
      held = false;
      if (!old) return;
      old.removeAllListeners('end');
      // Ending the session releases its advisory locks.
      await old.end().catch(() => undefined);
    },
  };
}
