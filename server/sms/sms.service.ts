// SMS use cases: wallet phones (devices) and their tokens, forwarding (parse, store once, match), the inbox and
// its manual link, admin templates, and the watch for silent phones. Pushes happen after the database commit.
import crypto from 'node:crypto';
import { LIMITS } from '#shared/constants';
import { SMS_LIMITS, type DeviceDto, type ForwardSmsInput, type NewDeviceInput, type SilentDevicesPayload, type SmsDto, type SmsListQuery, type SmsTemplateDto } from '#shared/sms/sms-api';
import { ledgerMovement } from '#shared/sms/parse-sms';
import type { SmsTimeFormat } from '#shared/sms/sms-fields';
import type { SmsTemplate } from '#shared/sms/sms-template';
import type { SmsTemplateFields } from '#shared/sms/sms-template-schema';
import { errors } from '../http/app-error.js';
import { pageCount } from '../http/paging.js';
import type { AuditRecorder } from '../audit/index.js';
import type { Logger } from '../logger.js';
import type { Realtime } from '../realtime/index.js';
import type { UserRecord } from '../security/user-record.js';
import { parseSmsOnServer, testTemplateOnServer } from './run-template.js';
import type { DeviceRecord, SmsRecord, SmsRepository, TemplateRecord } from './sms.repository.js';

export type SmsPushes = Pick<Realtime, 'smsReceived' | 'devicesSilent'>;

/** What the SMS inbox needs from the orders domain (wired in the composition root). */
export interface OrderAnnouncer {
  announceOrders(ids: string[]): Promise<void>;
}

const unix = (d: Date): number => Math.floor(d.getTime() / 1000);
const DHAKA_OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/** Midnight in Asia/Dhaka (UTC+6, no daylight saving) of the day `now` is in. */
export function startOfDhakaDay(now: Date): Date {
  return new Date(Math.floor((now.getTime() + DHAKA_OFFSET_MS) / DAY_MS) * DAY_MS - DHAKA_OFFSET_MS);
}

/** 256 random bits, base64url, with a prefix that tells a leaked token for what it is. */
export function newDeviceToken(): string {
  return `smsdev_${crypto.randomBytes(32).toString('base64url')}`;
}
export const hashDeviceToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

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

const deviceNotFound = () => errors.notFound('errors.deviceNotFound', 'This device does not exist (or was revoked)');
const smsNotFound = () => errors.notFound('errors.smsNotFound', 'This SMS does not exist');
const templateNotFound = () => errors.notFound('errors.templateNotFound', 'This template does not exist');

export function createSmsService(deps: { sms: SmsRepository; pushes: SmsPushes; orders: OrderAnnouncer; logger: Logger; audit: AuditRecorder }) {
  const { sms: repo, pushes, logger } = deps;
  let lastSilent = '';

  function isSilent(device: DeviceRecord, waitingWallets: Set<string>, now: Date): boolean {
    if (!waitingWallets.has(device.account)) return false;
    const seen = device.lastSeenAt ?? device.createdAt;
    return now.getTime() - seen.getTime() >= SMS_LIMITS.silentMinutes * 60_000;
  }

  async function listDevices(): Promise<DeviceDto[]> {
    const now = new Date();
    const [devices, counts, waiting] = await Promise.all([repo.listDevices(), repo.countSmsSince(startOfDhakaDay(now)), repo.walletsWithWaitingOrders()]);
    return devices.map((d) => ({
      id: d.id,
      name: d.name,
      account: d.account,
      created_at: unix(d.createdAt),
      last_seen_at: d.lastSeenAt ? unix(d.lastSeenAt) : null,
      sms_today: counts.get(d.id) ?? 0,
      silent: isSilent(d, waiting, now),
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
      const d = await repo.createDevice({ id, name: input.name, account: input.account, tokenHash: hashDeviceToken(token) }, (tx) =>
        deps.audit(tx, { actorId: admin.id, action: 'device.create', targetType: 'device', targetId: id, before: null, after: { name: input.name, account: input.account } }),
      );
      return {
        device: { id: d.id, name: d.name, account: d.account, created_at: unix(d.createdAt), last_seen_at: null, sms_today: 0, silent: false },
        token,
      };
    },

    listDevices,

    async revokeDevice(id: string, admin: UserRecord): Promise<void> {
      const revoked = await repo.revokeDevice(id, (tx, device) =>
        deps.audit(tx, { actorId: admin.id, action: 'device.revoke', targetType: 'device', targetId: id, before: { name: device.name, account: device.account }, after: null }),
      );
      if (!revoked) throw deviceNotFound();
    },

    /** The device a Bearer token names, or the 401 of the forwarding contract. */
    async deviceForToken(token: string | null): Promise<DeviceRecord> {
      const device = token ? await repo.findDeviceByTokenHash(hashDeviceToken(token)) : null;
      if (!device) throw errors.unauthorized('errors.deviceToken', 'Missing, wrong or revoked device token');
      return device;
    },

    /** One forwarded SMS: parsed with the account's templates, stored once, matched if it can be. */
    async forwardSms(device: DeviceRecord, input: ForwardSmsInput): Promise<SmsDto> {
      const arrivedAt = new Date();
      await repo.touchDevice(device.id, arrivedAt);
      const templates = (await repo.listTemplates(device.account)).map(asParserTemplate);
      const input_ = { account: device.account, from: input.from, text: input.text };
      let parsed = parseSmsOnServer(input_, templates);
      // The budget is wall-clock time: a CPU-starved moment can time out a sound template. One more try with a
      // fresh budget tells that apart from a pattern that is slow every time (decision 102).
      if (parsed.kind === 'unparsed' && parsed.reason === 'template_timeout') parsed = parseSmsOnServer(input_, templates);
      const dedupeHash = crypto
        .createHash('sha256')
        .update(`${input.from}\n${input.text}\n${input.received_at ?? ''}`, 'utf8')
        .digest('hex');
      // The SMS's own time: from its text (Asia/Dhaka), else the phone's received_at, else its arrival.
      const textTime = parsed.kind === 'payment' || parsed.kind === 'debit' ? parsed.time : (ledgerMovement(parsed)?.time ?? null);
      const receivedAt = textTime !== null ? new Date(textTime * 1000) : input.received_at !== undefined ? new Date(input.received_at * 1000) : arrivedAt;
      const stored = await repo.storeSms({
        deviceId: device.id,
        account: device.account,
        from: input.from,
        text: input.text,
        dedupeHash,
        amount: parsed.kind === 'payment' ? parsed.amount : null,
        trxId: parsed.kind === 'payment' ? parsed.trx_id : null,
        sender: parsed.kind === 'payment' ? parsed.sender : null,
        receivedAt,
        // Money leaving the wallet is stored as before (ignored, outgoing) until the ledger stores debits.
        parseKind: parsed.kind === 'debit' ? 'ignored' : parsed.kind,
        parseReason: parsed.kind === 'payment' ? null : parsed.kind === 'debit' ? 'outgoing' : parsed.reason,
        templateId: parsed.kind === 'ignored' ? null : parsed.templateId,
      });
      if (stored.duplicate) return { ...toSmsDto(stored.sms), status: 'duplicate' };
      const dto = toSmsDto(stored.sms);
      try {
        pushes.smsReceived(dto);
        if (stored.changedOrderId) await deps.orders.announceOrders([stored.changedOrderId]);
      } catch (error) {
        logger.error('realtime push failed', error);
      }
      return dto;
    },

    /** PaymentVerifier of the orders domain: a transaction id was committed on this order. */
    async reconcileOrder(orderId: string): Promise<boolean> {
      return repo.reconcileOrder(orderId);
    },

    async listSms(query: SmsListQuery): Promise<{ sms: SmsDto[]; pages: number }> {
      const size = LIMITS.pageSize * 2;
      const { sms, total } = await repo.listSms({ status: query.status, account: query.account, q: query.q }, query.page, size);
      return { sms: sms.map(toSmsDto), pages: pageCount(total, size) };
    },

    async linkSms(smsId: number, orderId: string, reason: string, admin: UserRecord): Promise<SmsDto> {
      const outcome = await repo.linkSms({
        smsId,
        orderId,
        adminId: admin.id,
        reason,
        also: (tx) => deps.audit(tx, { actorId: admin.id, action: 'sms.link', targetType: 'sms', targetId: String(smsId), before: { order_id: null }, after: { order_id: orderId, reason } }),
      });
      switch (outcome.outcome) {
        case 'smsNotFound':
          throw smsNotFound();
        case 'orderNotFound':
          throw errors.notFound('errors.orderNotFound', 'Can not get order data from server');
        case 'notLinkable':
          throw errors.conflict('errors.smsNotLinkable', 'This SMS can not be linked to that order');
        case 'orderVerified':
          throw errors.conflict('errors.orderAlreadyVerified', 'This order is already verified by another SMS');
        case 'trxUsed':
          throw errors.conflict('errors.transactionUsed', 'This transaction ID has already been used');
        case 'linked': {
          const dto = toSmsDto(outcome.sms);
          try {
            await deps.orders.announceOrders([orderId]);
          } catch (error) {
            logger.error('realtime push failed', error);
          }
          return dto;
        }
      }
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
      if (!updated) throw templateNotFound();
      return toTemplateDto(updated);
    },

    async deleteTemplate(id: number, admin: UserRecord): Promise<void> {
      const deleted = await repo.deleteTemplate(id, (tx, gone) =>
        deps.audit(tx, { actorId: admin.id, action: 'sms_template.delete', targetType: 'sms_template', targetId: String(id), before: auditedTemplate(gone), after: null }),
      );
      if (!deleted) throw templateNotFound();
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
        pushes.devicesSilent(payload);
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
