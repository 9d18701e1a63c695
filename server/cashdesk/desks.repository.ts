// The `cashdesks` table (decision 260): one desk per currency, its credentials sealed with CASHDESK_KEY,
// its last Balance read and its health. The only Prisma code of the desks; the engine reads a desk (secrets opened)
// through `readDesk` and records what the desk answered through `recordBalance`, `recordFailure` and `recordOk`.
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../security/secret-box.js';
import type { BalanceVariant } from './signer.js';
import type { DeskCredentials } from './client.js';

export const DESK_CURRENCIES = ['BDT', 'USD'] as const;
export type DeskCurrency = (typeof DESK_CURRENCIES)[number];
export type DeskState = 'ok' | 'failing' | 'paused';

/** 401, 403 or an unknown outcome this many times in a row: the desk is failing and its automation stops. */
export const DESK_FAILING_AFTER = 3;

/** A desk as the admin sees it: everything but its secrets. */
export interface DeskSummary {
  currency: DeskCurrency;
  cashdeskId: string;
  login: string;
  lng: string;
  balanceVariant: BalanceVariant;
  currencyId: number | null;
  topupAuto: boolean;
  withdrawAuto: boolean;
  autoMax: number | null;
  paused: boolean;
  state: DeskState;
  lastError: string | null;
  failures: number;
  limit: number | null;
  balance: number | null;
  checkedAt: Date | null;
}

/** A desk the shop can call: its summary and its secrets, opened. */
export type Desk = DeskCredentials & Omit<DeskSummary, 'cashdeskId' | 'login' | 'lng' | 'balanceVariant'>;

/** What the admin's PUT stores; the secrets may be left out when the desk exists (they are kept). */
export interface DeskInput {
  cashdeskId: string;
  login: string;
  cashierPass?: string;
  hash?: string;
  lng: string;
  balanceVariant: BalanceVariant;
  currencyId: number | null;
  topupAuto: boolean;
  withdrawAuto: boolean;
  autoMax: number | null;
}

export interface DeskPatch {
  topupAuto?: boolean;
  withdrawAuto?: boolean;
  autoMax?: number | null;
  paused?: boolean;
}

/** The sealed secrets do not open with this CASHDESK_KEY (the key changed, or the row was altered). */
export class CashdeskKeyError extends Error {
  constructor(readonly currency: DeskCurrency) {
    super(`the ${currency} cash desk's secrets do not open with this CASHDESK_KEY: connect the desk again`);
  }
}

export interface DesksRepository {
  readDesk(currency: DeskCurrency): Promise<Desk | null>;
  listDesks(): Promise<DeskSummary[]>;
  /** The stored desk's secrets, opened (for a PUT that leaves them out); null when there is no desk. */
  readSecrets(currency: DeskCurrency): Promise<{ cashierPass: string; hash: string } | null>;
  /** `also` writes in the same transaction (the audit entry), with the desk before and after. */
  saveDesk(
    currency: DeskCurrency,
    input: DeskInput & { cashierPass: string; hash: string },
    read: { balance: number; limit: number; at: Date },
    also?: AlsoInTransaction,
  ): Promise<DeskSummary>;
  updateDesk(currency: DeskCurrency, patch: DeskPatch, also?: AlsoInTransaction): Promise<DeskSummary | null>;
  deleteDesk(currency: DeskCurrency, also?: AlsoInTransaction): Promise<boolean>;
  recordBalance(currency: DeskCurrency, read: { balance: number; limit: number; at: Date }): Promise<void>;
  /** One more 401/403/unknown in a row; `becameFailing` is true on the call that made the desk failing (alert once). */
  recordFailure(
    currency: DeskCurrency,
    message: string,
  ): Promise<{ failures: number; state: DeskState; becameFailing: boolean } | null>;
  /** A call answered: the run of failures ends; `recovered` is true when the desk was failing. */
  recordOk(currency: DeskCurrency): Promise<{ state: DeskState; recovered: boolean } | null>;
  /** How many writes of this process have ended: a copy of the desks read before the last one may be stale. */
  writes(): number;
}

/** The repository's methods that write a desk (each one ended bumps `writes()`). */
const WRITES = ['saveDesk', 'updateDesk', 'deleteDesk', 'recordBalance', 'recordFailure', 'recordOk'] as const;

export type AlsoInTransaction = (
  tx: Transaction,
  before: DeskSummary | null,
  after: DeskSummary | null,
) => Promise<void>;

type Row = {
  currency: string;
  cashdeskId: string;
  login: string;
  cashierPassSealed: string;
  hashSealed: string;
  lng: string;
  balanceVariant: string;
  currencyId: number | null;
  topupAuto: boolean;
  withdrawAuto: boolean;
  autoMax: number | null;
  paused: boolean;
  state: string;
  lastError: string | null;
  failures: number;
  limit: { toString(): string } | null;
  balance: { toString(): string } | null;
  checkedAt: Date | null;
};

const stateOf = (paused: boolean, failures: number): DeskState =>
  paused ? 'paused' : failures >= DESK_FAILING_AFTER ? 'failing' : 'ok';

function toSummary(row: Row): DeskSummary {
  return {
    currency: row.currency as DeskCurrency,
    cashdeskId: row.cashdeskId,
    login: row.login,
    lng: row.lng,
    balanceVariant: row.balanceVariant === 'cashdeskid' ? 'cashdeskid' : 'cashierpass',
    currencyId: row.currencyId,
    topupAuto: row.topupAuto,
    withdrawAuto: row.withdrawAuto,
    autoMax: row.autoMax,
    paused: row.paused,
    state: (['ok', 'failing', 'paused'] as const).find((s) => s === row.state) ?? 'ok',
    lastError: row.lastError,
    failures: row.failures,
    limit: row.limit === null ? null : Number(row.limit.toString()),
    balance: row.balance === null ? null : Number(row.balance.toString()),
    checkedAt: row.checkedAt,
  };
}

export function createDesksRepository(deps: { prisma: Prisma; box: SecretBox; clock: Clock }): DesksRepository {
  const { prisma, box, clock } = deps;

  function open(row: Row): { cashierPass: string; hash: string } {
    const cashierPass = box.open(row.cashierPassSealed);
    const hash = box.open(row.hashSealed);
    if (cashierPass === null || hash === null) throw new CashdeskKeyError(row.currency as DeskCurrency);
    return { cashierPass, hash };
  }

  let writes = 0;
  const repository: DesksRepository = {
    async readDesk(currency) {
      const row = await prisma.cashdesk.findUnique({ where: { currency } });
      if (!row) return null;
      const { cashdeskId: _id, login, lng, balanceVariant, ...summary } = toSummary(row);
      return { ...summary, cashdeskId: row.cashdeskId, login, lng, balanceVariant, ...open(row) };
    },

    async listDesks() {
      const rows = await prisma.cashdesk.findMany({ orderBy: { currency: 'asc' } });
      return rows.map(toSummary);
    },

    async readSecrets(currency) {
      const row = await prisma.cashdesk.findUnique({ where: { currency } });
      return row ? open(row) : null;
    },

    async saveDesk(currency, input, read, also) {
      const values = {
        cashdeskId: input.cashdeskId,
        login: input.login,
        cashierPassSealed: box.seal(input.cashierPass),
        hashSealed: box.seal(input.hash),
        lng: input.lng,
        balanceVariant: input.balanceVariant,
        currencyId: input.currencyId,
        topupAuto: input.topupAuto,
        withdrawAuto: input.withdrawAuto,
        autoMax: input.autoMax,
        // A desk (re)connected has just answered: its run of failures is over; a pause the admin set stays.
        failures: 0,
        lastError: null,
        limit: read.limit,
        balance: read.balance,
        checkedAt: read.at,
        updatedAt: clock.now(),
      };
      const row = await prisma.$transaction(async (tx) => {
        const before = await tx.cashdesk.findUnique({ where: { currency } });
        const paused = before?.paused ?? false;
        const saved = await tx.cashdesk.upsert({
          where: { currency },
          create: { currency, ...values, paused, state: stateOf(paused, 0) },
          update: { ...values, state: stateOf(paused, 0) },
        });
        await also?.(tx, before ? toSummary(before) : null, toSummary(saved));
        return saved;
      });
      return toSummary(row);
    },

    async updateDesk(currency, patch, also) {
      return prisma.$transaction(async (tx) => {
        const row = await tx.cashdesk.findFirst({ where: { currency } });
        if (!row) return null;
        const paused = patch.paused ?? row.paused;
        const updated = await tx.cashdesk.update({
          where: { currency },
          data: {
            ...(patch.topupAuto !== undefined ? { topupAuto: patch.topupAuto } : {}),
            ...(patch.withdrawAuto !== undefined ? { withdrawAuto: patch.withdrawAuto } : {}),
            ...(patch.autoMax !== undefined ? { autoMax: patch.autoMax } : {}),
            paused,
            state: stateOf(paused, row.failures),
            updatedAt: clock.now(),
          },
        });
        await also?.(tx, toSummary(row), toSummary(updated));
        return toSummary(updated);
      });
    },

    async deleteDesk(currency, also) {
      return prisma.$transaction(async (tx) => {
        const row = await tx.cashdesk.findUnique({ where: { currency } });
        if (!row) return false;
        await tx.cashdesk.delete({ where: { currency } });
        await also?.(tx, toSummary(row), null);
        return true;
      });
    },

    async recordBalance(currency, read) {
      await prisma.cashdesk.updateMany({
        where: { currency },
        data: { balance: read.balance, limit: read.limit, checkedAt: read.at },
      });
    },

    async recordFailure(currency, message) {
      // One statement: two instances failing at once both count, and exactly one sees the third failure.
      const rows = await prisma.$queryRaw<{ failures: number; paused: boolean }[]>`
        UPDATE "cashdesks" SET "failures" = "failures" + 1, "last_error" = ${message.slice(0, 500)},
          "state" = CASE WHEN "paused" THEN 'paused' WHEN "failures" + 1 >= ${DESK_FAILING_AFTER} THEN 'failing' ELSE 'ok' END,
          "updated_at" = ${sqlTime(clock.now())}
        WHERE "currency" = ${currency}
        RETURNING "failures", "paused"`;
      const row = rows[0];
      if (!row) return null;
      const failures = Number(row.failures);
      return {
        failures,
        state: stateOf(row.paused, failures),
        becameFailing: !row.paused && failures === DESK_FAILING_AFTER,
      };
    },

    async recordOk(currency) {
      const rows = await prisma.$queryRaw<{ failures_before: number; paused: boolean }[]>`
        UPDATE "cashdesks" AS d SET "failures" = 0, "last_error" = NULL,
          "state" = CASE WHEN d."paused" THEN 'paused' ELSE 'ok' END, "updated_at" = ${sqlTime(clock.now())}
        FROM (SELECT "currency", "failures" FROM "cashdesks" WHERE "currency" = ${currency} FOR UPDATE) AS before
        WHERE d."currency" = before."currency"
        RETURNING before."failures" AS failures_before, d."paused"`;
      const row = rows[0];
      if (!row) return null;
      return {
        state: row.paused ? 'paused' : 'ok',
        recovered: !row.paused && Number(row.failures_before) >= DESK_FAILING_AFTER,
      };
    },
    writes: () => writes,
  };
  for (const name of WRITES) {
    const write = repository[name] as (...args: unknown[]) => Promise<unknown>;
    (repository as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      write(...args).finally(() => {
        writes += 1;
      });
  }
  return repository;
}
