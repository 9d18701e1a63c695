// A fake Telegram Bot API server for the tests (never the real Telegram): `POST /bot<token>/<method>` with a JSON,
// form or query-string body, answering `{ok:true,result}` or `{ok:false,error_code,description,parameters}` as the
// Bot API reference (https://core.telegram.org/bots/api) describes. It keeps chats and their messages, queues
// updates for getUpdates (long poll honouring offset and timeout, a second poller terminating the first with 409 as
// Telegram does) or posts them to a webhook with the secret token header, and plays people: a staff member writing
// to the bot, pressing an inline button, answering a ForceReply. Faults (429 with retry_after, 500, a dropped
// connection, slowness) are injected per method.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

export interface FakeMessage {
  message_id: number;
  chat: { id: number; type: 'private'; first_name?: string; username?: string };
  from?: FakeUser | { id: number; is_bot: true; first_name: string; username: string };
  date: number;
  edit_date?: number;
  text: string;
  entities?: { type: string; offset: number; length: number }[];
  reply_markup?: InlineMarkup | Record<string, unknown>;
  reply_to_message?: FakeMessage;
}

interface InlineMarkup {
  inline_keyboard: { text: string; callback_data?: string }[][];
}

export interface ApiCall {
  method: string;
  params: Record<string, unknown>;
  at: number;
}

export type Fault =
  { status: 429; retryAfter: number } | { status: 400 | 403 | 500 | 502; description?: string } | { drop: true };

interface PendingPoll {
  offset: number;
  limit: number;
  respond: (status: number, body: unknown) => void;
  timer: NodeJS.Timeout;
}

const now = () => Math.floor(Date.now() / 1000);

export interface FakeTelegram {
  url: string;
  token: string;
  bot: { id: number; username: string; first_name: string };
  calls: ApiCall[];
  /** Answers to callback queries, by query id. */
  callbackAnswers: Map<string, { text?: string; show_alert?: boolean }>;
  /** How many getUpdates requests were terminated by another (two pollers at once). */
  conflicts: number;
  webhook: { url: string; secretToken?: string } | null;
  /**
   * Where updates for the webhook really go (as a reverse proxy in front of the shop would send them): the shop's
   * port is known only after it started with TELEGRAM_WEBHOOK_URL set.
   */
  deliverWebhookTo(url: string): void;
  /** What the webhook answered for each delivered update. */
  webhookDeliveries: { updateId: number; status: number }[];

  /** The messages of a chat as they stand now (sent and edited by the bot, written by the person). */
  messagesIn(chatId: number): FakeMessage[];
  /** The bot's messages in a chat. */
  botMessagesIn(chatId: number): FakeMessage[];
  /** A person writes to the bot in their private chat (commands get their bot_command entity). */
  userSends(user: FakeUser, text: string, replyTo?: number): FakeMessage;
  /** A person presses an inline button under a bot message; returns the callback query id. */
  userPresses(user: FakeUser, messageId: number, data: string): string;
  /** The next answers of `method` fail so (each fault once, in order). */
  failNext(method: string, ...faults: Fault[]): void;
  /** Every method fails with this fault until `recover()` (an outage). */
  failAll(fault: Fault): void;
  recover(): void;
  /** Every answer waits this long first (0: none). */
  slowDown(ms: number): void;
  callsOf(method: string): ApiCall[];
  /** Polls until `probe` holds (or throws after the deadline). */
  waitUntil<T>(probe: () => T | undefined | null | false, what: string, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export async function startFakeTelegram(options: { token?: string; username?: string } = {}): Promise<FakeTelegram> {
  const token = options.token ?? `123456789:${'A'.repeat(10)}fake-token_${Math.random().toString(36).slice(2, 10)}`;
  const bot = { id: 123456789, username: options.username ?? 'wallet_shop_test_bot', first_name: 'Wallet Shop' };
  const chats = new Map<number, FakeMessage[]>();
  const nextMessageId = new Map<number, number>();
  const updates: { update_id: number; [kind: string]: unknown }[] = [];
  let nextUpdateId = 1000;
  let poll: PendingPoll | null = null;
  const faults = new Map<string, Fault[]>();
  let outage: Fault | null = null;
  const callbacks = new Map<string, { chatId: number }>();
  let nextCallbackId = 1;
  let webhookQueue = Promise.resolve();
  let webhookTarget: string | undefined;
  let delayMs = 0;

  const fake: FakeTelegram = {
    url: '',
    token,
    bot,
    calls: [],
    callbackAnswers: new Map(),
    conflicts: 0,
    webhook: null,
    webhookDeliveries: [],
    deliverWebhookTo(url) {
      webhookTarget = url;
    },
    slowDown(ms) {
      delayMs = ms;
    },
    messagesIn: (chatId) => chats.get(chatId) ?? [],
    botMessagesIn: (chatId) => (chats.get(chatId) ?? []).filter((m) => m.from && 'is_bot' in m.from),
    userSends(user, text, replyTo) {
      const chat = { id: user.id, type: 'private' as const, first_name: user.first_name, username: user.username };
      const message: FakeMessage = { message_id: newMessageId(user.id), chat, from: user, date: now(), text };
      const command = /^\/[A-Za-z0-9_]+(@\w+)?/.exec(text);
      if (command) message.entities = [{ type: 'bot_command', offset: 0, length: command[0].length }];
      if (replyTo !== undefined) {
        const original = fake.messagesIn(user.id).find((m) => m.message_id === replyTo);
        if (original) message.reply_to_message = { ...original };
      }
      store(user.id, message);
      pushUpdate({ message });
      return message;
    },
    userPresses(user, messageId, data) {
      const message = fake.messagesIn(user.id).find((m) => m.message_id === messageId);
      if (!message) throw new Error(`no message ${messageId} in chat ${user.id}`);
      const id = String(nextCallbackId++);
      callbacks.set(id, { chatId: user.id });
      pushUpdate({ callback_query: { id, from: user, message: { ...message }, chat_instance: String(user.id), data } });
      return id;
    },
    failNext(method, ...list) {
      faults.set(method, [...(faults.get(method) ?? []), ...list]);
    },
    failAll(fault) {
      outage = fault;
    },
    recover() {
      outage = null;
    },
    callsOf: (method) => fake.calls.filter((c) => c.method === method),
    // 20 s: the bot's long poll and the shop's outbox both wait on a loaded CI machine (a Bengali /today ran out of 10 s
    // twice in loops at a load of 30); a message that never comes still fails well inside the test's 60 s.
    async waitUntil(probe, what, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = probe();
        if (value !== undefined && value !== null && value !== false) return value;
        if (Date.now() > deadline) throw new Error(`fake Telegram: ${what} did not happen within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      if (poll) {
        clearTimeout(poll.timer);
        poll.respond(200, { ok: true, result: [] });
        poll = null;
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function newMessageId(chatId: number): number {
    const id = nextMessageId.get(chatId) ?? 1;
    nextMessageId.set(chatId, id + 1);
    return id;
  }
  function store(chatId: number, message: FakeMessage): void {
    chats.set(chatId, [...(chats.get(chatId) ?? []), message]);
  }

  function pushUpdate(body: Record<string, unknown>): void {
    const update = { update_id: nextUpdateId++, ...body };
    if (fake.webhook) {
      const hook = fake.webhook;
      webhookQueue = webhookQueue.then(() => deliver(hook, update));
      return;
    }
    updates.push(update);
    if (poll) answerPoll(poll);
  }

  async function deliver(hook: { url: string; secretToken?: string }, update: { update_id: number }): Promise<void> {
    try {
      const res = await fetch(webhookTarget ?? hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(hook.secretToken ? { 'x-telegram-bot-api-secret-token': hook.secretToken } : {}),
        },
        body: JSON.stringify(update),
      });
      await res.arrayBuffer();
      fake.webhookDeliveries.push({ updateId: update.update_id, status: res.status });
    } catch {
      fake.webhookDeliveries.push({ updateId: update.update_id, status: 0 });
    }
  }

  function answerPoll(p: PendingPoll): void {
    const ready = updates.filter((u) => u.update_id >= p.offset).slice(0, p.limit);
    if (ready.length === 0) return;
    clearTimeout(p.timer);
    poll = null;
    p.respond(200, { ok: true, result: ready });
  }

  const fail = (error_code: number, description: string, parameters?: Record<string, unknown>) => ({
    status: error_code,
    body: { ok: false, error_code, description, ...(parameters ? { parameters } : {}) },
  });
  const ok = (result: unknown) => ({ status: 200, body: { ok: true, result } });
  const botAuthor = () => ({ id: bot.id, is_bot: true as const, first_name: bot.first_name, username: bot.username });

  function textProblem(text: unknown): ReturnType<typeof fail> | null {
    if (typeof text !== 'string' || text.trim() === '') return fail(400, 'Bad Request: message text is empty');
    if (text.length > 4096) return fail(400, 'Bad Request: message is too long');
    return null;
  }
  const markupOf = (raw: unknown): FakeMessage['reply_markup'] | undefined =>
    raw === undefined ? undefined : ((typeof raw === 'string' ? JSON.parse(raw) : raw) as FakeMessage['reply_markup']);

  type Answer = { status: number; body: unknown } | 'poll';
  function handle(
    method: string,
    params: Record<string, unknown>,
    respond: (status: number, body: unknown) => void,
  ): Answer {
    const chatId = Number(params.chat_id);
    switch (method) {
      case 'getMe':
        return ok({
          ...botAuthor(),
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case 'getUpdates': {
        if (fake.webhook)
          return fail(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        const offset = Number(params.offset ?? 0);
        const limit = Math.min(100, Math.max(1, Number(params.limit ?? 100)));
        const timeout = Math.max(0, Number(params.timeout ?? 0));
        // Confirmed updates are forgotten (update_id < offset), as the Bot API says.
        for (let i = updates.length - 1; i >= 0; i -= 1) if (updates[i].update_id < offset) updates.splice(i, 1);
        if (poll) {
          // Telegram: the newer request wins; the one waiting is ended with a conflict.
          fake.conflicts += 1;
          clearTimeout(poll.timer);
          poll.respond(409, {
            ok: false,
            error_code: 409,
            description:
              'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
          });
          poll = null;
        }
        const ready = updates.filter((u) => u.update_id >= offset).slice(0, limit);
        if (ready.length > 0 || timeout === 0) return ok(ready);
        const pending: PendingPoll = {
          offset,
          limit,
          respond,
          timer: setTimeout(() => {
            if (poll === pending) poll = null;
            respond(200, { ok: true, result: [] });
          }, timeout * 1000),
        };
        poll = pending;
        return 'poll';
      }
      case 'setWebhook': {
        const url = String(params.url ?? '');
        if (url === '') {
          fake.webhook = null;
          return ok(true);
        }
        if (!/^https?:\/\//.test(url))
          return fail(400, 'Bad Request: bad webhook: Failed to resolve host: Name or service not known');
        const secretToken = params.secret_token === undefined ? undefined : String(params.secret_token);
        if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken))
          return fail(400, 'Bad Request: secret token contains unallowed characters');
        if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') updates.length = 0;
        fake.webhook = { url, secretToken };
        return ok(true);
      }
      case 'deleteWebhook':
        fake.webhook = null;
        if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') updates.length = 0;
        return ok(true);
      case 'getWebhookInfo':
        return ok({
          url: fake.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: updates.length,
        });
      case 'setMyCommands':
      case 'deleteMyCommands':
        return ok(true);
      case 'sendMessage': {
        if (!chats.has(chatId)) return fail(400, 'Bad Request: chat not found');
        const problem = textProblem(params.text);
        if (problem) return problem;
        const message: FakeMessage = {
          message_id: newMessageId(chatId),
          chat: { id: chatId, type: 'private' },
          from: botAuthor(),
          date: now(),
          text: String(params.text),
          reply_markup: markupOf(params.reply_markup),
        };
        store(chatId, message);
        return ok(message);
      }
      case 'editMessageText': {
        const message = (chats.get(chatId) ?? []).find(
          (m) => m.message_id === Number(params.message_id) && m.from && 'is_bot' in m.from,
        );
        if (!message) return fail(400, 'Bad Request: message to edit not found');
        const problem = textProblem(params.text);
        if (problem) return problem;
        const markup = markupOf(params.reply_markup);
        if (
          message.text === params.text &&
          JSON.stringify(message.reply_markup ?? null) === JSON.stringify(markup ?? null)
        ) {
          return fail(
            400,
            'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
          );
        }
        message.text = String(params.text);
        // Editing without reply_markup removes the inline keyboard.
        message.reply_markup = markup;
        message.edit_date = now();
        return ok(message);
      }
      case 'deleteMessage': {
        const list = chats.get(chatId) ?? [];
        const index = list.findIndex((m) => m.message_id === Number(params.message_id));
        if (index < 0) return fail(400, 'Bad Request: message to delete not found');
        list.splice(index, 1);
        return ok(true);
      }
      case 'answerCallbackQuery': {
        const id = String(params.callback_query_id ?? '');
        if (!callbacks.has(id) || fake.callbackAnswers.has(id))
          return fail(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
        fake.callbackAnswers.set(id, {
          text: params.text === undefined ? undefined : String(params.text),
          show_alert: params.show_alert === true || params.show_alert === 'true',
        });
        return ok(true);
      }
      default:
        return fail(404, 'Not Found');
    }
  }

  async function readParams(req: http.IncomingMessage, url: URL): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const type = req.headers['content-type'] ?? '';
    if (raw === '') return params;
    if (type.startsWith('application/json')) {
      try {
        return { ...params, ...(JSON.parse(raw) as Record<string, unknown>) };
      } catch {
        return null;
      }
    }
    if (type.startsWith('application/x-www-form-urlencoded'))
      return { ...params, ...Object.fromEntries(new URLSearchParams(raw)) };
    return null;
  }

  const server = http.createServer((req, res) => {
    const respond = (status: number, body: unknown) => {
      if (res.writableEnded) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) return respond(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return respond(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = match[2];
      const params = await readParams(req, url);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (params === null)
        return respond(400, { ok: false, error_code: 400, description: 'Bad Request: invalid request body' });
      fake.calls.push({ method, params, at: Date.now() });
      const fault = outage ?? faults.get(method)?.shift();
      if (fault) {
        if ('drop' in fault) {
          req.socket.destroy();
          return;
        }
        if (fault.status === 429) {
          return respond(429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${fault.retryAfter}`,
            parameters: { retry_after: fault.retryAfter },
          });
        }
        return respond(fault.status, {
          ok: false,
          error_code: fault.status,
          description: fault.description ?? (fault.status >= 500 ? 'Internal Server Error' : 'Bad Request'),
        });
      }
      const answer = handle(method, params, respond);
      if (answer !== 'poll') {
        respond(answer.status, answer.body);
        return;
      }
      // A poller that hangs up (its instance stopped) no longer waits: the next one is no conflict.
      res.on('close', () => {
        if (poll?.respond === respond) {
          clearTimeout(poll.timer);
          poll = null;
        }
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
