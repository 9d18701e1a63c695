// SMS use cases: wallet phones (devices) and their tokens, forwarding (parse, store once, match), the inbox and
// its manual link, admin templates, and the watch for silent phones. Pushes happen after the database commit.
import crypto from 'node:crypto';
import { LIMITS, type Wallet } from '#shared/constants';
import { dhakaDayStart } from '#shared/dhaka';
import { unixSeconds as unix } from '#shared/time';
import { SMS_LIMITS, type DeviceDto, type LinkCandidateDto, type ForwardSmsInput, type NewDeviceInput, type SilentDevicesPayload, type SmsDto, type SmsListQuery, type SmsTemplateDto } from '#shared/sms/sms-api';
import { ledgerMovement, type SmsParseResult } from '#shared/sms/parse-sms';
import { maskSecrets } from '#shared/sms/mask-secrets';
import type { SmsTimeFormat } from '#shared/sms/sms-fields';
import type { SmsTemplate } from '#shared/sms/sms-template';
import type { SmsTemplateFields } from '#shared/sms/sms-template-schema';
import { pageCount } from '../http/paging.js';
import type { AuditRecorder } from '../audit/index.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../clock.js';
import type { Publisher } from '../event-bus.js';
import type { OrdersService } from '../orders/index.js';
import type { SecretBox } from '../security/secret-box.js';
import type { UserRecord } from '../security/user-record.js';
import { smsErrors } from './sms-errors.js';
import { parseSmsOnServer, testTemplateOnServer } from './run-template.js';
import type { DeviceRecord, SmsRecord, SmsRepository, TemplateRecord } from './sms.repository.js';

/** What the SMS domain tells the rest of the shop, after its commit (decision 130). */
export interface SmsEvents {
  /** A forwarded message was stored (not a repeat), as the inbox shows it now. */
  'sms.stored': { sms: SmsDto };
  /** The set of silent phones changed (empty clears it). */
  'devices.silent': SilentDevicesPayload;
}

/** What the SMS inbox needs from the orders domain, the only writer of orders (decision 130). */
export type PaymentVerification = Pick<OrdersService, 'receivePayment' | 'verifyByHand'>;

/** 256 random bits, base64url, with a prefix that tells a leaked token for what it is. */
export function newDeviceToken(): string {
  return `smsdev_${crypto.randomBytes(32).toString('base64url')}`;
}
export const hashDeviceToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Texts whose digits are evidence are stored as written: a payment, money leaving the wallet, a credit that moves
 * the balance. Every other text is masked (decision 148): the wallets send their one-time codes from the same sender.
 */
export const isMoneyText = (parsed: SmsParseResult): boolean =>
  parsed.kind === 'payment' || parsed.kind === 'debit' || (parsed.kind === 'ignored' && parsed.movement !== null);

export function toSmsDto(s: SmsRecord): SmsDto {
  return {
    id: s.id,
    device_id: s.deviceId,
    account: s.account,
    from: s.from,
    text: s.text,
    amount: s.amount === null ? null : Number(s.amount),
    trx_id: s.trxId,
    sender: s.sender,
    received_at: unix(s.receivedAt),
    arrived_at: unix(s.createdAt),
    status: s.status,
    order_id: s.orderId,
    parse: { kind: s.parseKind, reason: s.parseReason },
  };
}

const toTemplateDto = (t: TemplateRecord): SmsTemplateDto => ({
  id: t.id,
  account: t.account,
  label: t.label,
  pattern: t.pattern,
  time_format: t.timeFormat as SmsTimeFormat | null,
  updated_at: unix(t.updatedAt),
});

const asParserTemplate = (t: TemplateRecord): SmsTemplate => ({
  id: `custom-${t.id}`,
  account: t.account,
  label: t.label,
  pattern: t.pattern,
  timeFormat: t.timeFormat as SmsTimeFormat | null,
});

const auditedTemplate = (t: TemplateRecord) => ({ account: t.account, label: t.label, pattern: t.pattern, time_format: t.timeFormat });

export function createSmsService(deps: {
  sms: SmsRepository;
  events: Publisher<SmsEvents>;
  payments: PaymentVerification;
  /** The orders domain's wallets with top-ups waiting for money or its SMS. */
  walletsAwaitingPayment: () => Promise<Set<string>>;
  /** The orders domain's candidates for linking an SMS by hand (decision 218). */
  linkCandidates: (wallet: Wallet, amount: string | null) => Promise<LinkCandidateDto[]>;
  audit: AuditRecorder;
  clock: Clock;
  /** Seals a device's token: the signing key of SMS Gateway for Android's webhooks (decision 147). */
  deviceKeys: SecretBox;
}) {
  const { sms: repo, events, payments, clock } = deps;
  let lastSilent = '';

  function isSilent(device: DeviceRecord, waitingWallets: Set<string>, now: Date): boolean {
    if (!waitingWallets.has(device.account)) return false;
    const seen = device.lastSeenAt ?? device.createdAt;
    return now.getTime() - seen.getTime() >= SMS_LIMITS.silentMinutes * 60_000;
  }

  async function listDevices(): Promise<DeviceDto[]> {
    const now = clock.now();
    const [devices, counts, waiting] = await Promise.all([repo.listDevices(), repo.countSmsSince(dhakaDayStart(now)), deps.walletsAwaitingPayment()]);
    return devices.map((d) => ({
      id: d.id,
      name: d.name,
      account: d.account,
      created_at: unix(d.createdAt),
      last_seen_at: d.lastSeenAt ? unix(d.lastSeenAt) : null,
      sms_today: counts.get(d.id) ?? 0,
      silent: isSilent(d, waiting, now),
      gateway: d.signs,
    }));
  }

  async function silentDevices(): Promise<SilentDevicesPayload> {
    const devices = (await listDevices()).filter((d) => d.silent);
    return { devices: devices.map(({ id, name, account, last_seen_at }) => ({ id, name, account, last_seen_at })) };
  }

  return {
    async createDevice(input: NewDeviceInput, admin: UserRecord): Promise<{ device: DeviceDto; token: string }> {
      const token = newDeviceToken();
      const id = crypto.randomBytes(12).toString('base64url');
      const d = await repo.createDevice({ id, name: input.name, account: input.account, tokenHash: hashDeviceToken(token), tokenSealed: deps.deviceKeys.seal(token) }, (tx) =>
        deps.audit(tx, { actorId: admin.id, action: 'device.create', targetType: 'device', targetId: id, before: null, after: { name: input.name, account: input.account } }),
      );
      return {
        device: { id: d.id, name: d.name, account: d.account, created_at: unix(d.createdAt), last_seen_at: null, sms_today: 0, silent: false, gateway: true },
        token,
      };
    },

    listDevices,

    async revokeDevice(id: string, admin: UserRecord): Promise<void> {
      const revoked = await repo.revokeDevice(id, (tx, device) =>
        deps.audit(tx, { actorId: admin.id, action: 'device.revoke', targetType: 'device', targetId: id, before: { name: device.name, account: device.account }, after: null }),
      );
      if (!revoked) throw smsErrors.deviceNotFound();
    },

    /** The device a Bearer token names, or null (the forwarding contract's 401). */
    async findDeviceForToken(token: string | null): Promise<DeviceRecord | null> {
      return token ? await repo.findDeviceByTokenHash(hashDeviceToken(token)) : null;
    },

    /** One forwarded SMS: parsed with the account's templates, stored once, matched if it can be. */
    async forwardSms(device: DeviceRecord, input: ForwardSmsInput): Promise<SmsDto> {
      const arrivedAt = clock.now();
      await repo.touchDevice(device.id, arrivedAt);
      const templates = (await repo.listTemplates(device.account)).map(asParserTemplate);
      const input_ = { account: device.account, from: input.from, text: input.text };
      let parsed = parseSmsOnServer(input_, templates);
      // The budget is wall-clock time: a CPU-starved moment can time out a sound template. One more try with a
      // fresh budget tells that apart from a pattern that is slow every time (decision 102).
      if (parsed.kind === 'unparsed' && parsed.reason === 'template_timeout') parsed = parseSmsOnServer(input_, templates);
      // Codes never reach storage, nor a hash of them (decision 148); the same message is one message whatever
      // the phone says of its arrival: `received_at` is not in the hash (the trailing \n keeps older rows' hashes).
      const text = isMoneyText(parsed) ? input.text : maskSecrets(input.text);
      const dedupeHash = crypto.createHash('sha256').update(`${input.from}\n${text}\n`, 'utf8').digest('hex');
      // The SMS's own time: from its text (Asia/Dhaka), else the phone's received_at, else its arrival.
      const textTime = parsed.kind === 'payment' || parsed.kind === 'debit' ? parsed.time : (ledgerMovement(parsed)?.time ?? null);
      const receivedAt = textTime !== null ? new Date(textTime * 1000) : input.received_at !== undefined ? new Date(input.received_at * 1000) : arrivedAt;
      const message = {
        deviceId: device.id,
        account: device.account,
        from: input.from,
        text,
        dedupeHash,
        amount: parsed.kind === 'payment' ? parsed.amount : null,
        trxId: parsed.kind === 'payment' ? parsed.trx_id : null,
        sender: parsed.kind === 'payment' ? parsed.sender : null,
        receivedAt,
        // Money leaving the wallet is stored as before (ignored, outgoing) until the ledger stores debits.
        parseKind: parsed.kind === 'debit' ? 'ignored' : parsed.kind,
        parseReason: parsed.kind === 'payment' ? null : parsed.kind === 'debit' ? 'outgoing' : parsed.reason,
        templateId: parsed.kind === 'ignored' ? null : parsed.templateId,
      };
      // A payment is stored under its payment's lock, in the transaction where its order weighs it (decision 100).
      const trxKey = message.trxId?.toLowerCase();
      const { value: stored, order } =
        trxKey === undefined
          ? { value: await repo.storeSms(message), order: null }
          : await payments.receivePayment({ wallet: device.account, trxKey }, async (tx) => {
              const outcome = await repo.storeSms(message, tx);
              return { value: outcome, isNewPayment: !outcome.duplicate && message.amount !== null };
            });
      if (stored.duplicate) return { ...toSmsDto(stored.sms), status: 'duplicate' };
      const taken = order !== null && order.verification === 'verified' && order.verificationSmsId === stored.sms.id;
      const dto = toSmsDto(taken ? { ...stored.sms, status: 'matched', orderId: order.id } : stored.sms);
      // Only payments are pushed to the staff; every other text waits in the inbox (decision 148).
      if (stored.sms.parseKind === 'payment') await events.publish('sms.stored', { sms: dto });
      return dto;
    },

    async listSms(query: SmsListQuery): Promise<{ sms: SmsDto[]; pages: number }> {
      const size = LIMITS.pageSize * 2;
      const { sms, total } = await repo.listSms({ status: query.status, account: query.account, q: query.q }, query.page, size);
      return { sms: sms.map(toSmsDto), pages: pageCount(total, size) };
    },

    /** Staff link a message to a top-up by hand, saying why: the orders domain verifies the order (decision 130). */
    /** The orders this SMS could be linked to: its wallet's top-ups without proof, the same amount first. */
    async linkCandidates(smsId: number): Promise<LinkCandidateDto[]> {
      const found = await repo.findSms(smsId);
      if (!found) throw smsErrors.smsNotFound();
      return deps.linkCandidates(found.account, found.amount);
    },

    async linkSms(smsId: number, orderId: string, reason: string, staff: UserRecord): Promise<SmsDto> {
      if (!(await repo.findSms(smsId))) throw smsErrors.smsNotFound();
      await payments.verifyByHand(smsId, orderId, reason, staff);
      return toSmsDto((await repo.findSms(smsId))!);
    },

    async listTemplates(): Promise<SmsTemplateDto[]> {
      return (await repo.listTemplates()).map(toTemplateDto);
    },

    async createTemplate(fields: SmsTemplateFields, admin: UserRecord): Promise<SmsTemplateDto> {
      const made = await repo.createTemplate({ account: fields.account, label: fields.label, pattern: fields.pattern, timeFormat: fields.time_format }, (tx, t) =>
        deps.audit(tx, { actorId: admin.id, action: 'sms_template.create', targetType: 'sms_template', targetId: String(t.id), before: null, after: auditedTemplate(t) }),
      );
      return toTemplateDto(made);
    },

    async updateTemplate(id: number, fields: SmsTemplateFields, admin: UserRecord): Promise<SmsTemplateDto> {
      const updated = await repo.updateTemplate(id, { account: fields.account, label: fields.label, pattern: fields.pattern, timeFormat: fields.time_format }, (tx, before, after) =>
        deps.audit(tx, { actorId: admin.id, action: 'sms_template.update', targetType: 'sms_template', targetId: String(id), before: auditedTemplate(before), after: auditedTemplate(after) }),
      );
      if (!updated) throw smsErrors.templateNotFound();
      return toTemplateDto(updated);
    },

    async deleteTemplate(id: number, admin: UserRecord): Promise<void> {
      const deleted = await repo.deleteTemplate(id, (tx, gone) =>
        deps.audit(tx, { actorId: admin.id, action: 'sms_template.delete', targetType: 'sms_template', targetId: String(id), before: auditedTemplate(gone), after: null }),
      );
      if (!deleted) throw smsErrors.templateNotFound();
    },

    /** The live tester on the server, under the custom templates' time budget. */
    testTemplate(pattern: string, text: string, timeFormat: SmsTimeFormat | null) {
      const first = testTemplateOnServer(pattern, text, timeFormat);
      // As for a forwarded SMS: one more try with a fresh budget before calling a pattern too slow (decision 102).
      return !first.ok && 'reason' in first && first.reason === 'timeout' ? testTemplateOnServer(pattern, text, timeFormat) : first;
    },

    silentDevices,

    /** One watch round: pushes the silent phones to the admins when the list changed (empty clears it). */
    async watchSilentDevices(): Promise<SilentDevicesPayload> {
      const payload = await silentDevices();
      const key = payload.devices.map((d) => d.id).join(',');
      if (key !== lastSilent) {
        lastSilent = key;
        await events.publish('devices.silent', payload);
      }
      return payload;
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;

/** Runs the silent-phone watch every minute on every instance (each pushes only on change). */
export function createSilentDeviceWatch(watch: () => Promise<unknown>, logger: Logger, everyMs = 60_000) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = watch()
      .catch((error: unknown) => logger.error('silent device watch failed', error))
      .finally(() => {
        running = null;
      });
  };
  return {
    start(): void {
      timer ??= setInterval(tick, everyMs);
      timer.unref();
    },
    /** Waits for a check in flight, at most 2 s (a query stuck on a dead connection must not hold the stop). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}
