// The outbox sender's rules with an in-memory table: how it waits, when it gives up, how much it holds.
import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createOutboxSender, OUTBOX_LIMITS } from './outbox.js';
import { createTelegramHealth } from './telegram-health.js';
import type { OutboxRow } from './telegram.repository.js';

const refused = (code: number, description: string, retryAfter?: number) =>
  new GrammyError(
    `Call to 'sendMessage' failed!`,
    { ok: false, error_code: code, description, parameters: retryAfter ? { retry_after: retryAfter } : {} },
    'sendMessage',
    {},
  );
const unreachable = () => new HttpError("Network request for 'sendMessage' failed!", new Error('ECONNREFUSED'));

function harness(answers: (row: OutboxRow) => unknown) {
  let now = Date.parse('2026-11-27T04:00:00Z');
  const clock = () => new Date(now);
  const rows: (OutboxRow & { nextAt: number; locked: boolean })[] = [];
  const gone: number[] = [];
  const sent: number[] = [];
  const repository = {
    claimDue: async (at: Date, limit: number) => {
      const due = rows.filter((r) => r.nextAt <= at.getTime() && !r.locked).slice(0, limit);
      for (const r of due) {
        r.locked = true;
        r.attempts += 1;
      }
      return due.map((r) => ({ ...r }));
    },
    finish: async (row: OutboxRow) =>
      void rows.splice(
        rows.findIndex((r) => r.id === row.id),
        1,
      ),
    drop: async (row: OutboxRow) =>
      void rows.splice(
        rows.findIndex((r) => r.id === row.id),
        1,
      ),
    retryAt: async (row: OutboxRow, at: Date, countAttempt: boolean) => {
      const r = rows.find((x) => x.id === row.id)!;
      Object.assign(r, { locked: false, nextAt: at.getTime(), attempts: countAttempt ? r.attempts : r.attempts - 1 });
    },
    dueNow: async (at: Date) => rows.forEach((r) => (r.nextAt = Math.min(r.nextAt, at.getTime()))),
    outboxSize: async () => rows.length,
    prune: async () => 0,
  };
  const health = createTelegramHealth(createLogger('silent'), clock);
  const sender = createOutboxSender({
    repository,
    deliver: async (row) => {
      const answer = answers(row);
      if (answer instanceof Error) throw answer;
      sent.push(row.id);
    },
    chatGone: async (chatId) => void gone.push(chatId),
    health,
    logger: createLogger('silent'),
    clock,
  });
  let nextId = 1;
  return {
    rows,
    sent,
    gone,
    health,
    sender,
    add: (chatId = 1) =>
      rows.push({
        id: nextId++,
        chatId,
        orderId: null,
        text: 'hi',
        version: 0,
        attempts: 0,
        createdAt: clock(),
        nextAt: now,
        locked: false,
      }),
    advance: (ms: number) => (now += ms),
    /** One pass of the loop, as the timer or a kick runs it. */
    async pass() {
      sender.kick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

describe('The Telegram outbox sender', () => {
  it('When Telegram answers 429, then the row waits retry_after (not counted as a try) and everything pauses that long', async () => {
    let first = true;
    const h = harness(() =>
      first ? ((first = false), refused(429, 'Too Many Requests: retry after 7', 7)) : undefined,
    );
    h.add();
    h.add();
    h.sender.start();
    await h.pass();
    expect(h.sent).toEqual([]);
    expect(h.rows.map((r) => r.attempts)).toEqual([0, 0]);
    h.advance(6_000);
    await h.pass();
    expect(h.sent).toEqual([]);
    h.advance(1_000);
    await h.pass();
    expect(h.sent).toEqual([1, 2]);
    await h.sender.stop();
  });

  it('When Telegram stays unreachable, then a row is tried at most maxAttempts times and then dropped; the health says down once', async () => {
    const h = harness(() => unreachable());
    h.add();
    h.sender.start();
    for (let i = 0; i < OUTBOX_LIMITS.maxAttempts - 1; i += 1) {
      await h.pass();
      h.advance(OUTBOX_LIMITS.maxBackoffMs);
    }
    expect(h.rows.map((r) => r.attempts)).toEqual([OUTBOX_LIMITS.maxAttempts - 1]);
    await h.pass();
    expect(h.rows).toEqual([]);
    expect(h.health.state()).toBe('down');
    await h.sender.stop();
  });

  it('When Telegram refuses a message for good, then it is dropped at once; a 403 also lets the chat go', async () => {
    const h = harness((row) =>
      row.chatId === 403
        ? refused(403, 'Forbidden: bot was blocked by the user')
        : refused(400, 'Bad Request: chat not found'),
    );
    h.add(403);
    h.add(400);
    h.sender.start();
    await h.pass();
    expect(h.rows).toEqual([]);
    expect(h.gone).toEqual([403]);
    await h.sender.stop();
  });

  it('When the table holds maxRows, then it takes no more (and says so once)', async () => {
    const h = harness(() => undefined);
    for (let i = 0; i < OUTBOX_LIMITS.maxRows - 1; i += 1) h.add();
    expect(await h.sender.hasRoom(1)).toBe(true);
    expect(await h.sender.hasRoom(2)).toBe(false);
  });
});
