// The admin's cash desks and the player lookup (decision 260). Connecting a desk makes one Balance call
// first: a desk that does not answer with its Limit is not stored, and the admin is told whether the brand refused
// the sign (401) or the confirm / this server's address (403). The cashier password and hash are sealed by the
// repository, answered never, and kept when a later PUT leaves them out. The player lookup answers a masked name,
// kept a few minutes per (currency, id) so a customer typing and a checkout reading the same id cost one call.
import { unixSeconds } from '#shared/time';
import type { CashdeskCurrency, CashdeskDto, CashdeskPatchInput, CashdeskPutInput } from '#shared/cashdesk';
import type { AuditJson } from '#shared/audit';
import type { AuditRecorder } from '../audit/index.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { maskName } from '../orders/index.js';
import type { UserRecord } from '../security/user-record.js';
import { cashdeskErrors } from './cashdesk-errors.js';
import type { CashdeskClient, DeskCall, DeskPlayer } from './client.js';
import type { DeskSummary, DesksRepository } from './desks.repository.js';

/** How long a lookup's answer is kept (found or not). */
export const PLAYER_CACHE_MS = 3 * 60_000;
/** Lookups kept at most (oldest dropped first). */
const PLAYER_CACHE_SIZE = 5_000;

export function toCashdeskDto(d: DeskSummary): CashdeskDto {
  return {
    currency: d.currency,
    cashdesk_id: d.cashdeskId,
    login: d.login,
    lng: d.lng,
    balance_variant: d.balanceVariant,
    currency_id: d.currencyId,
    topup_auto: d.topupAuto,
    withdraw_auto: d.withdrawAuto,
    auto_max: d.autoMax,
    paused: d.paused,
    limit: d.limit,
    balance: d.balance,
    checked_at: d.checkedAt ? unixSeconds(d.checkedAt) : null,
    state: d.state,
    last_error: d.lastError,
  };
}

/** What the audit log keeps of a desk: never a secret. */
const auditView = (d: DeskSummary | null): AuditJson =>
  d === null
    ? null
    : {
        cashdesk_id: d.cashdeskId,
        login: d.login,
        lng: d.lng,
        balance_variant: d.balanceVariant,
        currency_id: d.currencyId,
        topup_auto: d.topupAuto,
        withdraw_auto: d.withdrawAuto,
        auto_max: d.autoMax,
        paused: d.paused,
      };

/** The desk of a product: `_bdt` products go to the BDT desk, `_usd` ones to the USD desk. */
export const deskCurrencyOf = (productId: string): CashdeskCurrency => (productId.endsWith('_usd') ? 'USD' : 'BDT');

/** Why a connecting Balance call failed, for the admin (never a secret: the client's messages carry none). */
function refusalReason(call: Exclude<DeskCall<unknown>, { outcome: 'ok' }>): string {
  switch (call.outcome) {
    case 'denied':
      return call.status === 401
        ? `401 (the sign is wrong: check the hash and the cashier password): ${call.message}`
        : `403 (the confirm is wrong, or this server's address is not on the brand's allow-list): ${call.message}`;
    case 'refused':
      return call.message;
    case 'unknown':
      return `no answer (${call.reason}): ${call.message}`;
  }
}

type Lookup = { outcome: 'ok'; player: DeskPlayer } | { outcome: 'notFound' } | { outcome: 'unavailable' };

export function createCashdesksService(deps: {
  desks: DesksRepository;
  /** The brand's API (null without CASHDESK_API_ROOT: no desk can be connected). */
  client: CashdeskClient | null;
  /** The client the lookups use: a customer waits for it, so its timeout is short. */
  lookupClient: CashdeskClient | null;
  audit: AuditRecorder;
  clock: Clock;
  logger: Logger;
}) {
  const { desks, client, clock, logger } = deps;
  const lookups = new Map<string, { at: number; lookup: Lookup }>();

  function requireDesk<T>(value: T | null): T {
    if (value === null) throw cashdeskErrors.notFound();
    return value;
  }

  async function lookup(currency: CashdeskCurrency, onexId: string): Promise<Lookup> {
    const key = `${currency}:${onexId}`;
    const now = clock.now().getTime();
    const kept = lookups.get(key);
    if (kept && now - kept.at < PLAYER_CACHE_MS) return kept.lookup;
    if (!deps.lookupClient) return { outcome: 'unavailable' };
    let desk;
    try {
      desk = await desks.readDesk(currency);
    } catch (error) {
      logger.warn(`the ${currency} cash desk could not be read for a player lookup`, error);
      return { outcome: 'unavailable' };
    }
    if (!desk) return { outcome: 'unavailable' };
    const call = await deps.lookupClient.findPlayer(desk, onexId);
    const result: Lookup =
      call.outcome === 'ok'
        ? { outcome: 'ok', player: call.value }
        : call.outcome === 'notFound'
          ? { outcome: 'notFound' }
          : { outcome: 'unavailable' };
    if (result.outcome === 'unavailable') {
      logger.warn(
        `the ${currency} cash desk did not answer a player lookup: ${call.outcome === 'ok' || call.outcome === 'notFound' ? '' : call.message}`,
      );
      return result;
    }
    if (lookups.size >= PLAYER_CACHE_SIZE) lookups.delete(lookups.keys().next().value as string);
    lookups.set(key, { at: now, lookup: result });
    return result;
  }

  return {
    async list(): Promise<CashdeskDto[]> {
      return (await desks.listDesks()).map(toCashdeskDto);
    },

    /** `PUT /cashdesks/{currency}`: one Balance call with these credentials, then stored (secrets sealed) and audited. */
    async connect(admin: UserRecord, currency: CashdeskCurrency, input: CashdeskPutInput): Promise<CashdeskDto> {
      if (!client) throw cashdeskErrors.unavailable();
      let cashierPass = input.cashier_pass;
      let hash = input.hash;
      if (cashierPass === undefined || hash === undefined) {
        const stored = await desks.readSecrets(currency).catch(() => null);
        const missing = [
          ...(cashierPass === undefined && !stored ? (['cashier_pass'] as const) : []),
          ...(hash === undefined && !stored ? (['hash'] as const) : []),
        ];
        if (missing.length > 0) throw cashdeskErrors.secretsRequired(missing);
        cashierPass ??= stored!.cashierPass;
        hash ??= stored!.hash;
      }
      const credentials = {
        cashdeskId: input.cashdesk_id,
        login: input.login,
        cashierPass,
        hash,
        lng: input.lng ?? 'en',
        balanceVariant: input.balance_variant ?? 'cashierpass',
      };
      const at = clock.now();
      const read = await client.balance(credentials, at);
      if (read.outcome !== 'ok') throw cashdeskErrors.refused(refusalReason(read));
      const saved = await desks.saveDesk(
        currency,
        {
          ...credentials,
          currencyId: input.currency_id ?? null,
          topupAuto: input.topup_auto ?? false,
          withdrawAuto: input.withdraw_auto ?? false,
          autoMax: input.auto_max ?? null,
        },
        { ...read.value, at },
        (tx, before, after) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'cashdesk.connect',
            targetType: 'cashdesk',
            targetId: currency,
            before: auditView(before),
            after: auditView(after),
          }),
      );
      // A reconnected desk may be another player base: what was looked up before is not trusted.
      for (const key of lookups.keys()) if (key.startsWith(`${currency}:`)) lookups.delete(key);
      return toCashdeskDto(saved);
    },

    async update(admin: UserRecord, currency: CashdeskCurrency, patch: CashdeskPatchInput): Promise<CashdeskDto> {
      const saved = await desks.updateDesk(
        currency,
        {
          topupAuto: patch.topup_auto,
          withdrawAuto: patch.withdraw_auto,
          autoMax: patch.auto_max,
          paused: patch.paused,
        },
        (tx, before, after) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'cashdesk.update',
            targetType: 'cashdesk',
            targetId: currency,
            before: auditView(before),
            after: auditView(after),
          }),
      );
      return toCashdeskDto(requireDesk(saved));
    },

    async remove(admin: UserRecord, currency: CashdeskCurrency): Promise<void> {
      const removed = await desks.deleteDesk(currency, (tx, before) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'cashdesk.delete',
          targetType: 'cashdesk',
          targetId: currency,
          before: auditView(before),
          after: null,
        }),
      );
      if (!removed) throw cashdeskErrors.notFound();
      for (const key of lookups.keys()) if (key.startsWith(`${currency}:`)) lookups.delete(key);
    },

    /** `GET /players/{onex_id}`: the player's name as the home page masks names. */
    async player(currency: CashdeskCurrency, onexId: string): Promise<{ name: string }> {
      const found = await lookup(currency, onexId);
      if (found.outcome === 'notFound') throw cashdeskErrors.playerNotFound();
      if (found.outcome === 'unavailable') throw cashdeskErrors.unavailable();
      return { name: maskName(found.player.name) };
    },

    /**
     * An order's 1xBet id, checked when a desk is connected for the product's currency: an unknown player, or one of
     * another currency than the desk's `currency_id`, is refused on `field`. A desk that does not answer refuses
     * nothing (the order is placed; the engine checks the player again before anything moves).
     */
    async checkOrderPlayer(productId: string, onexId: string, field: string): Promise<void> {
      const currency = deskCurrencyOf(productId);
      const found = await lookup(currency, onexId);
      if (found.outcome === 'notFound') throw cashdeskErrors.playerNotFoundOn(field);
      if (found.outcome !== 'ok') return;
      const desk = await desks.readDesk(currency).catch(() => null);
      if (desk?.currencyId != null && found.player.currencyId !== desk.currencyId)
        throw cashdeskErrors.playerCurrencyOn(field);
    },
  };
}
export type CashdesksService = ReturnType<typeof createCashdesksService>;
