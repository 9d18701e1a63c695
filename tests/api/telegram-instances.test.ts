// The Telegram desk on several instances of one shop (PostgreSQL): only the holder of the poll lock long-polls
// (a second getUpdates would end the first with 409), every update is handled once, any instance sends, and when the
// poller stops another instance takes over.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { placePendingOrder } from '../factories/orders.js';
import { createUser } from '../factories/users.js';
import { useTestInstances } from '../support/server.js';
import {
  linkStaff,
  nextBotMessage,
  orderMessages,
  telegramEnv,
  telegramHealth,
  telegramPerson,
  useFakeTelegram,
} from '../support/telegram.js';

/** Sessions holding the desk's poll lock (pg_try_advisory_lock(0x7467, 1)). */
async function pollLockHolders(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = 1 AND objsubid = 2 AND granted",
      [0x7467],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('Telegram desk on two instances (PostgreSQL)', () => {
  const fake = useFakeTelegram();
  // The fake's address exists only once its beforeAll ran: the settings are read when the instances start.
  const [first, second] = useTestInstances(2, {
    get env() {
      return telegramEnv(fake);
    },
  });

  it('When both instances run, then one holds the poll lock, no getUpdates is cut off, and each update is answered once', async () => {
    await telegramHealth(first, 'up');
    await telegramHealth(second, 'up');
    expect(await pollLockHolders(first.config.databaseUrl!)).toBe(1);
    const staff = await createUser(first, { name: 'Two Desks', role: 'admin' });
    const person = telegramPerson('TwoDesks');
    await linkStaff(second, fake, staff, person);
    for (let i = 0; i < 3; i += 1) {
      const count = fake.botMessagesIn(person.id).length;
      fake.userSends(person, '/help');
      await nextBotMessage(fake, person.id, count);
    }
    // Give a second handler time to answer too, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(fake.botMessagesIn(person.id).filter((m) => m.text.startsWith('Commands:'))).toHaveLength(3);
    expect(fake.conflicts).toBe(0);

    // An order paid on either instance: one message in the chat.
    const id = await placePendingOrder(second);
    await fake.waitUntil(() => orderMessages(fake, person.id, id).length === 1, 'the order message');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(orderMessages(fake, person.id, id)).toHaveLength(1);
  });

  it('When the polling instance stops, then the other takes the lock over and answers', async () => {
    // The first instance started (and took the lock) while the second was still being built.
    await first.close();
    const person = telegramPerson('AfterFailover');
    const staff = await createUser(second, { name: 'Failover Desk', role: 'admin' });
    const { code } = (await second.api.post<{ code: string }>('/account/telegram', {}, staff.token)).body;
    fake.userSends(person, `/start ${code}`);
    // The survivor tries the lock every 10 s.
    const answer = await fake.waitUntil(
      () => fake.botMessagesIn(person.id)[0],
      'the answer after the failover',
      30_000,
    );
    expect(answer.text).toContain('Linked to Failover Desk');
    expect(await pollLockHolders(second.config.databaseUrl!)).toBe(1);
    expect(fake.conflicts).toBe(0);
  });
});
