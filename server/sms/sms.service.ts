// SMS use cases: wallet phones (devices) and their tokens, forwarding (parse, store once, match), the inbox and
// its manual link, admin templates, and the watch for silent phones. Pushes happen after the database commit.
import { VALIDATION_KEYS } from '#shared/error-keys';
import { validationError } from '../http/validate.js';
import crypto from 'node:crypto';
import { LIMITS, type Wallet } from '#shared/constants';
import { dhakaDayStart } from '#shared/dhaka';
import { unixSeconds as unix } from '#shared/time';
import Decimal from 'decimal.js';
import { toMoneyNumber } from '#shared/money';
import {
  SMS_LIMITS,
  type DeviceDto,
  type LinkCandidateDto,
  type ForwardSmsInput,
  type HeldReason,
  type LedgerGapDto,
  type LedgerGapPayload,
  type NewDeviceInput,
  type SilentDevicesPayload,
  type SmsDto,
  type SmsListQuery,
  type SmsState,
  type SmsTemplateDto,
} from '#shared/sms/sms-api';
import { ledgerMovement, type SmsParseResult } from '#shared/sms/parse-sms';
import { maskSecrets } from '#shared/sms/mask-secrets';
import type { SmsTimeFormat } from '#shared/sms/sms-fields';
import type { SmsTemplate } from '#shared/sms/sms-template';
import type { SmsTemplateFields } from '#shared/sms/sms-template-schema';
import { pageCount } from '../http/paging.js';
import type { AuditRecorder } from '../audit/index.js';
import type { Clock } from '../clock.js';
import type { Publisher } from '../event-bus.js';
import type { OrderRecord, OrdersService } from '../orders/index.js';
import type { SecretBox } from '../security/secret-box.js';
import type { UserRecord } from '../security/user-record.js';
import { smsErrors } from './sms-errors.js';
import { parseSmsOnServer, testTemplateOnServer } from './run-template.js';
import { chainOrder, type LedgerGap, type LedgerStep } from './ledger.js';
import {
  type DeviceRecord,
  type LedgerRun,
  type NewSms,
  type SmsRecord,
  type SmsRepository,
  type StoreOutcome,
  type TemplateRecord,
} from './sms.repository.js';
import type { AnyTransaction } from '../db/database.js';

type Recorded = { outcome: StoreOutcome; run: LedgerRun | null };
interface PaymentJob {
  key: { wallet: string; trxKey: string };
  /** Its balance step: a batch is weighed in chain order (decision 203). */
  step: LedgerStep | null;
  record: (tx: AnyTransaction) => Promise<{ value: Recorded; isNewPayment: boolean }>;
  done: (result: { value: Recorded; order: OrderRecord | null }) => void;
  failed: (error: unknown) => void;
}

/** A phone's "last seen" is written at most this often (the silent-phone rule counts in half hours). */
export const DEVICE_TOUCH_EVERY_MS = 60_000;

/** What the SMS domain tells the rest of the shop, after its commit (decision 130). */
export interface SmsEvents {
  /** A forwarded message was stored (not a repeat), as the inbox shows it now. */
  'sms.stored': { sms: SmsDto };
  /** The set of silent phones changed (empty clears it). */
  'devices.silent': SilentDevicesPayload;
  /** One phone joined the silent set: decided here once, so each alert (Telegram, webhooks) fires once per silence. */
  'device.wentSilent': { device: SilentDevicesPayload['devices'][number] };
  /** A phone's ledger gap opened, moved or closed (gap null): a message is missing (decision 144). */
  'ledger.gap': LedgerGapPayload;
}

/** What the SMS inbox needs from the orders domain, the only writer of orders (decision 130). */
export type PaymentVerification = Pick<
  OrdersService,
  'receivePayments' | 'verifyByHand' | 'releaseHeld' | 'recordPayout'
>;

/** The most payment messages of one phone weighed in one transaction (decision 203). */
export const PAYMENT_BATCH_MAX = 32;

const money = (value: string | null): number | null => (value === null ? null : toMoneyNumber(value));
const toGapDto = (gap: LedgerGap | null): LedgerGapDto | null =>
  gap === null ? null : { from: gap.from, to: gap.to, sms_id: gap.sms_id, unexplained: toMoneyNumber(gap.unexplained) };

/** The balance step of a parsed message: payments always (a credit stating no balance is held `no_balance`). */
function ledgerFields(
  parsed: SmsParseResult,
): Pick<NewSms, 'ledgerDirection' | 'ledgerAmount' | 'ledgerFee' | 'balance' | 'debitType' | 'counterparty'> {
  const movement = ledgerMovement(parsed);
  const debit =
    parsed.kind === 'debit'
      ? { debitType: parsed.type, counterparty: parsed.counterparty }
      : { debitType: null, counterparty: null };
  if (movement)
    return {
      ledgerDirection: movement.direction,
      ledgerAmount: movement.amount,
      ledgerFee: movement.fee,
      balance: movement.balance,
      ...debit,
    };
  if (parsed.kind === 'payment') {
    const fee = new Decimal(parsed.fee ?? 0).minus(parsed.commission ?? 0).toFixed(2);
    return { ledgerDirection: 'credit', ledgerAmount: parsed.amount, ledgerFee: fee, balance: null, ...debit };
  }
  return { ledgerDirection: null, ledgerAmount: null, ledgerFee: null, balance: null, ...debit };
}

/** 256 random bits, base64url, with a prefix that tells a leaked token for what it is. */
export function newDeviceToken(): string {
  return `smsdev_${crypto.randomBytes(32).toString('base64url')}`;
}
export const hashDeviceToken = (token: string): string =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Texts whose digits are evidence are stored as written: a payment, money leaving the wallet, a credit that moves
 * the balance. Every other text is masked (decision 148): the wallets send their one-time codes from the same sender.
 */
export const isMoneyText = (parsed: SmsParseResult): boolean =>
  parsed.kind === 'payment' || parsed.kind === 'debit' || (parsed.kind === 'ignored' && parsed.movement !== null);

/** One state per SMS that agrees with the order showing it (decision 197); `stateWhere` in the repository filters by it. */
export function smsState(s: SmsRecord): SmsState {
  // Money leaving the wallet proves a payout or is unexplained (decision 325): never merely ignored.
  if (s.status === 'ignored' && s.parseReason === 'outgoing')
    return s.payoutOf === null ? 'payout_unmatched' : 'payout';
  if (s.status === 'ignored') return 'ignored';
  const shown = s.shownOn?.verification;
  if (shown === 'held' || shown === 'rejected') return shown;
  if (s.status === 'matched') return 'matched';
  return shown === 'amount_mismatch' ? 'amount_differs' : 'unmatched';
}

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
    state: smsState(s),
    state_order_id: s.orderId ?? s.shownOn?.orderId ?? s.payoutOf,
    parse: { kind: s.parseKind, reason: s.parseReason },
    ledger: s.ledger && {
      direction: s.ledger.direction,
      balance: money(s.ledger.balance),
      state: s.ledger.state,
      reason: s.ledger.reason as HeldReason | null,
      expected_balance: money(s.ledger.expectedBalance),
    },
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

const auditedTemplate = (t: TemplateRecord) => ({
  account: t.account,
  label: t.label,
  pattern: t.pattern,
  time_format: t.timeFormat,
});

export function createSmsService(deps: {
  sms: SmsRepository;
  events: Publisher<SmsEvents>;
  payments: PaymentVerification;
  /** The orders domain's wallets with top-ups waiting for money or its SMS. */
  walletsAwaitingPayment: () => Promise<Set<string>>;
  /** The orders domain's candidates for linking an SMS by hand (decision 197). */
  linkCandidates: (wallet: Wallet, amount: string | null) => Promise<LinkCandidateDto[]>;
  audit: AuditRecorder;
  clock: Clock;
  /** Tells the other instances that devices or templates changed (the instance bus's 'sms' topic, decision 203). */
  announceChange?: () => Promise<void>;
  /** With other instances: how old a kept device or template list may get (a bus message lost meanwhile). */
  maxAgeMs?: number;
  /** Seals a device's token: the signing key of SMS Gateway for Android's webhooks (decision 147). */
  deviceKeys: SecretBox;
}) {
  const { sms: repo, events, payments, clock } = deps;
  let lastSilent = new Set<string>();

  // The payment loop's reads from memory (decision 203): the device a token's hash names and each wallet's
  // templates, dropped by every change of either (here, and through the bus in the other instances); a read that
  // a change overtook is not kept. A phone's "last seen" is written at most once a minute.
  let generation = 0;
  const devices = new Map<string, { device: DeviceRecord; at: number }>();
  const templates = new Map<string, { templates: SmsTemplate[]; at: number }>();
  const touched = new Map<string, number>();
  const fresh = (at: number) => deps.maxAgeMs === undefined || Date.now() - at < deps.maxAgeMs;
  const forget = () => {
    generation += 1;
    devices.clear();
    templates.clear();
    touched.clear();
  };
  async function changed(): Promise<void> {
    forget();
    await deps.announceChange?.();
  }
  async function deviceByHash(tokenHash: string): Promise<DeviceRecord | null> {
    const kept = devices.get(tokenHash);
    if (kept && fresh(kept.at)) return kept.device;
    const startedIn = generation;
    const device = await repo.findDeviceByTokenHash(tokenHash);
    if (device && generation === startedIn) devices.set(tokenHash, { device, at: Date.now() });
    return device;
  }
  /** A template made from a message (decision 052) must read it, under the custom templates' time budget. */
  function readsItsExample(fields: SmsTemplateFields): void {
    if (fields.example === undefined) return;
    const first = testTemplateOnServer(fields.pattern, fields.example, fields.time_format);
    const result =
      !first.ok && 'reason' in first && first.reason === 'timeout'
        ? testTemplateOnServer(fields.pattern, fields.example, fields.time_format)
        : first;
    if (!result.ok) throw smsErrors.templateNoMatch();
  }

  async function templatesOf(account: Wallet): Promise<SmsTemplate[]> {
    const kept = templates.get(account);
    if (kept && fresh(kept.at)) return kept.templates;
    const startedIn = generation;
    const list = (await repo.listTemplates(account)).map(asParserTemplate);
    if (generation === startedIn) templates.set(account, { templates: list, at: Date.now() });
    return list;
  }
  async function touch(deviceId: string, at: Date): Promise<void> {
    const last = touched.get(deviceId);
    if (last !== undefined && at.getTime() - last < DEVICE_TOUCH_EVERY_MS && at.getTime() >= last) return;
    touched.set(deviceId, at.getTime());
    await repo.touchDevice(deviceId, at);
  }

  // Group commit (decision 203): a phone's payment messages that arrive while its earlier ones are being weighed
  // wait here, not on its ledger lock, and go together in the next transaction; a batch that fails is retried one
  // message at a time, so one bad message fails alone.
  const lines = new Map<string, PaymentJob[]>();
  function weighInLine(
    deviceId: string,
    job: Omit<PaymentJob, 'done' | 'failed'>,
  ): Promise<{ value: Recorded; order: OrderRecord | null }> {
    return new Promise((done, failed) => {
      const waiting = lines.get(deviceId);
      if (waiting) {
        waiting.push({ ...job, done, failed });
        return;
      }
      lines.set(deviceId, [{ ...job, done, failed }]);
      void drainLine(deviceId);
    });
  }
  async function drainLine(deviceId: string): Promise<void> {
    const queue = lines.get(deviceId)!;
    // The phone's ledger lock goes with the payment locks, after them, in their statement (decision 203).
    const locks = { alsoLock: [repo.ledgerLockOf(deviceId)] };
    while (queue.length > 0) {
      // One turn of the event loop first, so that requests already received join the batch: PGlite's transaction
      // never waits on I/O, so without it no request is read while one runs and every batch held one message.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = chainOrder(queue.splice(0, PAYMENT_BATCH_MAX), (job) => job.step);
      try {
        const results = await payments.receivePayments(batch, locks);
        batch.forEach((job, i) => job.done(results[i]));
      } catch (error) {
        if (batch.length === 1) batch[0].failed(error);
        else
          for (const job of batch)
            await payments.receivePayments([job], locks).then(([result]) => job.done(result), job.failed);
      }
    }
    lines.delete(deviceId);
  }

  function isSilent(device: DeviceRecord, waitingWallets: Set<string>, now: Date): boolean {
    if (!waitingWallets.has(device.account)) return false;
    const seen = device.lastSeenAt ?? device.createdAt;
    return now.getTime() - seen.getTime() >= SMS_LIMITS.silentMinutes * 60_000;
  }

  async function listDevices(): Promise<DeviceDto[]> {
    const now = clock.now();
    const [devices, counts, waiting] = await Promise.all([
      repo.listDevices(),
      repo.countSmsSince(dhakaDayStart(now)),
      deps.walletsAwaitingPayment(),
    ]);
    return devices.map((d) => ({
      id: d.id,
      name: d.name,
      account: d.account,
      created_at: unix(d.createdAt),
      last_seen_at: d.lastSeenAt ? unix(d.lastSeenAt) : null,
      number_id: d.numberId,
      sms_today: counts.get(d.id) ?? 0,
      silent: isSilent(d, waiting, now),
      gateway: d.signs,
      balance: money(d.balance),
      gap: toGapDto(d.gap),
    }));
  }

  /**
   * After a ledger run's commit: held orders whose message now chains are verified by the orders domain (each
   * announced there), and a gap that opened, moved or closed is published.
   */
  async function afterLedger(run: LedgerRun | null): Promise<void> {
    if (!run) return;
    for (const smsId of run.newlyChained) await payments.releaseHeld(smsId);
    if (run.gapChanged) await events.publish('ledger.gap', { device: run.device, gap: toGapDto(run.gap) });
  }

  async function silentDevices(): Promise<SilentDevicesPayload> {
    const devices = (await listDevices()).filter((d) => d.silent);
    return { devices: devices.map(({ id, name, account, last_seen_at }) => ({ id, name, account, last_seen_at })) };
  }

  return {
    async createDevice(input: NewDeviceInput, admin: UserRecord): Promise<{ device: DeviceDto; token: string }> {
      const token = newDeviceToken();
      const id = crypto.randomBytes(12).toString('base64url');
      const balance = input.balance === undefined ? undefined : new Decimal(input.balance).toFixed(2);
      const d = await repo.createDevice(
        {
          id,
          name: input.name,
          account: input.account,
          numberId: input.number_id,
          tokenHash: hashDeviceToken(token),
          tokenSealed: deps.deviceKeys.seal(token),
          anchorBalance: balance,
          anchorAt: balance === undefined ? undefined : clock.now(),
        },
        (tx) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'device.create',
            targetType: 'device',
            targetId: id,
            before: null,
            after: {
              name: input.name,
              account: input.account,
              number_id: input.number_id ?? null,
              ...(balance === undefined ? {} : { balance }),
            },
          }),
      );
      if (d === 'numberNotFound') throw validationError({ number_id: VALIDATION_KEYS.invalid });
      await changed();
      return {
        device: {
          id: d.id,
          name: d.name,
          account: d.account,
          created_at: unix(d.createdAt),
          last_seen_at: null,
          number_id: d.numberId,
          sms_today: 0,
          silent: false,
          gateway: true,
          balance: money(d.balance),
          gap: null,
        },
        token,
      };
    },

    /** The wallet's balance now, stated by an admin (audited): the ledger's new anchor (decision 144). */
    async setDeviceBalance(id: string, balance: string, admin: UserRecord): Promise<DeviceDto> {
      const stated = new Decimal(balance).toFixed(2);
      const run = await repo.setDeviceBalance(id, stated, clock.now(), (tx, before) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'device.balance',
          targetType: 'device',
          targetId: id,
          before: { balance: before },
          after: { balance: stated },
        }),
      );
      if (!run) throw smsErrors.deviceNotFound();
      await afterLedger(run);
      const device = (await listDevices()).find((d) => d.id === id);
      if (!device) throw smsErrors.deviceNotFound();
      return device;
    },

    listDevices,
    /** How many wallet phones have a gap in their balance ledger now (the bell's list). */
    countLedgerGaps: async (): Promise<number> => (await repo.listDevices()).filter((d) => d.gap !== null).length,

    async revokeDevice(id: string, admin: UserRecord): Promise<void> {
      const revoked = await repo.revokeDevice(id, (tx, device) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'device.revoke',
          targetType: 'device',
          targetId: id,
          before: { name: device.name, account: device.account },
          after: null,
        }),
      );
      if (!revoked) throw smsErrors.deviceNotFound();
      // Its token stops working on every instance before the revocation answers.
      await changed();
    },

    /** Devices or templates changed behind this instance (another instance said so, or a test wrote them). */
    dropped: forget,

    /** The device a Bearer token names, or null (the forwarding contract's 401). */
    async findDeviceForToken(token: string | null): Promise<DeviceRecord | null> {
      return token ? await deviceByHash(hashDeviceToken(token)) : null;
    },

    /** One forwarded SMS: parsed with the account's templates, stored once, matched if it can be. */
    async forwardSms(device: DeviceRecord, input: ForwardSmsInput): Promise<SmsDto> {
      const arrivedAt = clock.now();
      // The phone's "last seen" is written beside the weighing, not before it: on PGlite that write waits for the
      // phone's batch under way, and the message behind it then reached its line after its successors, which the
      // ledger held until it came (a p99 of 180-360 ms in the payment loop's bench). Awaited below: a
      // failure still fails the request (the phone sends again; the message is a duplicate then).
      const touching = touch(device.id, arrivedAt);
      touching.catch(() => undefined);
      const templates = await templatesOf(device.account);
      const input_ = { account: device.account, from: input.from, text: input.text };
      let parsed = parseSmsOnServer(input_, templates);
      // The budget is wall-clock time: a CPU-starved moment can time out a sound template. One more try with a
      // fresh budget tells that apart from a pattern that is slow every time (decision 102).
      if (parsed.kind === 'unparsed' && parsed.reason === 'template_timeout')
        parsed = parseSmsOnServer(input_, templates);
      // Codes never reach storage, nor a hash of them (decision 148); the same message is one message whatever
      // the phone says of its arrival: `received_at` is not in the hash (the trailing \n keeps older rows' hashes).
      const text = isMoneyText(parsed) ? input.text : maskSecrets(input.text);
      const dedupeHash = crypto.createHash('sha256').update(`${input.from}\n${text}\n`, 'utf8').digest('hex');
      // The SMS's own time: from its text (Asia/Dhaka), else the phone's received_at, else its arrival.
      const textTime =
        parsed.kind === 'payment' || parsed.kind === 'debit' ? parsed.time : (ledgerMovement(parsed)?.time ?? null);
      const receivedAt =
        textTime !== null
          ? new Date(textTime * 1000)
          : input.received_at !== undefined
            ? new Date(input.received_at * 1000)
            : arrivedAt;
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
        ...ledgerFields(parsed),
      };
      // A payment is stored under its payment's lock, in the transaction where its order weighs it (decision 100).
      const trxKey = message.trxId?.toLowerCase();
      // Its device's ledger runs in the same transaction (decision 144), so the order weighs the message's state.
      const {
        value: { outcome: stored, run },
        order,
      } =
        trxKey === undefined
          ? { value: await repo.storeWithLedger(message), order: null }
          : await weighInLine(device.id, {
              key: { wallet: device.account, trxKey },
              step:
                message.ledgerDirection === null
                  ? null
                  : {
                      direction: message.ledgerDirection,
                      amount: message.ledgerAmount ?? '0',
                      fee: message.ledgerFee ?? '0',
                      balance: message.balance,
                    },
              // Stored and run on the ledger, whose lock the batch took with its payment locks (decision 203).
              record: async (tx) => {
                const value = await repo.storePayment(tx, message);
                return { value, isNewPayment: !value.outcome.duplicate && message.amount !== null };
              },
            });
      await touching;
      if (stored.duplicate) return { ...toSmsDto(stored.sms), status: 'duplicate' };
      await afterLedger(run);
      // Money sent to a customer's wallet number may prove a pending withdrawal's payout (decision 146).
      let payoutOf: string | null = null;
      if (
        parsed.kind === 'debit' &&
        parsed.type === 'send_money' &&
        parsed.counterparty !== null &&
        /^01\d{9}$/.test(parsed.counterparty)
      ) {
        payoutOf =
          (
            await payments.recordPayout({
              smsId: stored.sms.id,
              wallet: device.account,
              to: parsed.counterparty,
              amount: parsed.amount,
              trxId: parsed.trx_id,
              at: receivedAt,
            })
          )?.id ?? null;
      }
      // The run says the message's own state: no read after the commit (decision 203).
      const now: SmsRecord = {
        ...(run?.added && stored.sms.ledger
          ? { ...stored.sms, ledger: { ...stored.sms.ledger, ...run.added } }
          : stored.sms),
        payoutOf,
      };
      const taken =
        order !== null &&
        (order.verification === 'verified' || order.verification === 'held') &&
        order.verificationSmsId === stored.sms.id;
      // The order as this payment left it (read before it moved): what the message now is to it.
      const shownOn =
        order !== null && order.verificationSmsId === stored.sms.id
          ? { orderId: order.id, verification: order.verification, orderStatus: order.status }
          : now.shownOn;
      const dto = toSmsDto(taken ? { ...now, status: 'matched', orderId: order.id, shownOn } : { ...now, shownOn });
      // Only payments are pushed to the staff; every other text waits in the inbox (decision 148).
      if (stored.sms.parseKind === 'payment') await events.publish('sms.stored', { sms: dto });
      return dto;
    },

    async listSms(query: SmsListQuery): Promise<{ sms: SmsDto[]; pages: number }> {
      const size = LIMITS.pageSize * 2;
      const { sms, total } = await repo.listSms(
        { status: query.status, state: query.state, account: query.account, q: query.q },
        query.page,
        size,
      );
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
      readsItsExample(fields);
      const made = await repo.createTemplate(
        { account: fields.account, label: fields.label, pattern: fields.pattern, timeFormat: fields.time_format },
        (tx, t) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'sms_template.create',
            targetType: 'sms_template',
            targetId: String(t.id),
            before: null,
            after: auditedTemplate(t),
          }),
      );
      await changed();
      return toTemplateDto(made);
    },

    async updateTemplate(id: number, fields: SmsTemplateFields, admin: UserRecord): Promise<SmsTemplateDto> {
      readsItsExample(fields);
      const updated = await repo.updateTemplate(
        id,
        { account: fields.account, label: fields.label, pattern: fields.pattern, timeFormat: fields.time_format },
        (tx, before, after) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'sms_template.update',
            targetType: 'sms_template',
            targetId: String(id),
            before: auditedTemplate(before),
            after: auditedTemplate(after),
          }),
      );
      if (!updated) throw smsErrors.templateNotFound();
      await changed();
      return toTemplateDto(updated);
    },

    async deleteTemplate(id: number, admin: UserRecord): Promise<void> {
      const deleted = await repo.deleteTemplate(id, (tx, gone) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'sms_template.delete',
          targetType: 'sms_template',
          targetId: String(id),
          before: auditedTemplate(gone),
          after: null,
        }),
      );
      if (!deleted) throw smsErrors.templateNotFound();
      await changed();
    },

    /** The live tester on the server, under the custom templates' time budget. */
    testTemplate(pattern: string, text: string, timeFormat: SmsTimeFormat | null) {
      const first = testTemplateOnServer(pattern, text, timeFormat);
      // As for a forwarded SMS: one more try with a fresh budget before calling a pattern too slow (decision 102).
      return !first.ok && 'reason' in first && first.reason === 'timeout'
        ? testTemplateOnServer(pattern, text, timeFormat)
        : first;
    },

    silentDevices,

    /** One watch round: pushes the silent phones to the admins when the list changed (empty clears it). */
    async watchSilentDevices(): Promise<SilentDevicesPayload> {
      const payload = await silentDevices();
      const now = new Set(payload.devices.map((d) => d.id));
      const changed = now.size !== lastSilent.size || [...now].some((id) => !lastSilent.has(id));
      const newly = payload.devices.filter((d) => !lastSilent.has(d.id));
      lastSilent = now;
      if (changed) await events.publish('devices.silent', payload);
      for (const device of newly) await events.publish('device.wentSilent', { device });
      return payload;
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
