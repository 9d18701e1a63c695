// The staff's Telegram desk in tests: a fake Bot API server per describe block, the settings that point a test
// shop at it, and linking a staff account the way a person does (POST /account/telegram, then /start <code>).
import { afterAll, beforeAll } from 'vitest';
import { waitFor } from '../factories/orders.js';
import type { TestUser } from '../factories/users.js';
import { startFakeTelegram, type FakeMessage, type FakeTelegram, type FakeUser } from './fake-telegram.js';
import { lateBound } from './late-bound.js';
import type { TestServer } from './server.js';

/** Starts a fake Bot API server before the enclosing describe block (register it before useTestServer). */
export function useFakeTelegram(): FakeTelegram {
  let fake: FakeTelegram | undefined;
  beforeAll(async () => {
    fake = await startFakeTelegram();
  });
  afterAll(async () => {
    await fake?.close();
    fake = undefined;
  });
  return lateBound(() => fake, 'The fake Telegram server');
}

export const telegramEnv = (fake: FakeTelegram, extra: Record<string, string> = {}): Record<string, string> => ({
  TELEGRAM_BOT_TOKEN: fake.token,
  TELEGRAM_API_ROOT: fake.url,
  ...extra,
});

/** Waits until the shop's /health says Telegram is `state`. */
export async function telegramHealth(server: TestServer, state: 'up' | 'down', timeoutMs = 15_000): Promise<void> {
  await waitFor(
    async () => (await server.api.get<{ telegram: string }>('/health')).body.telegram,
    (s) => s === state,
    timeoutMs,
    50,
  );
}

let nextPersonId = 7_000_001;
/** A person with a Telegram account (a private chat with the bot has the person's id). */
export function telegramPerson(first_name: string, language_code = 'en'): FakeUser {
  const id = nextPersonId++;
  return { id, first_name, username: `${first_name.toLowerCase()}_${id}`, language_code };
}

/** The bot's next message in the chat after `count` messages, once it is there. */
export async function nextBotMessage(
  fake: FakeTelegram,
  chatId: number,
  count: number,
  what = 'a bot message',
): Promise<FakeMessage> {
  return fake.waitUntil(() => fake.botMessagesIn(chatId)[count], what);
}

/** Links a staff member's account to the person's chat as the web and the bot do it; returns the code used. */
export async function linkStaff(
  server: TestServer,
  fake: FakeTelegram,
  staff: TestUser,
  person: FakeUser,
  lang?: 'en' | 'bn',
): Promise<string> {
  await telegramHealth(server, 'up');
  const res = await server.api.post<{ code: string }>('/account/telegram', lang ? { lang } : {}, staff.token);
  if (res.status !== 200) throw new Error(`POST /account/telegram answered ${res.status}: ${JSON.stringify(res.body)}`);
  const before = fake.botMessagesIn(person.id).length;
  fake.userSends(person, `/start ${res.body.code}`);
  await nextBotMessage(fake, person.id, before, 'the answer to /start');
  return res.body.code;
}

/** The bot's messages in the chat about an order: their first line ends with the id as the queue shows it. */
export function orderMessages(fake: FakeTelegram, chatId: number, orderId: string): FakeMessage[] {
  return fake.botMessagesIn(chatId).filter((m) => m.text.split('\n')[0].endsWith(orderId.slice(0, 10)));
}
