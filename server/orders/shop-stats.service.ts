// The admin's KPIs for a range of Asia/Dhaka days (decision 113): the SQL aggregates arranged into the
// answer of GET /stats, with a day for every date of the range (zero when nothing happened).
import Decimal from 'decimal.js';
import { productCurrency } from '#shared/constants';
import { DAY_SECONDS, DHAKA_OFFSET_SECONDS, dhakaDate, dhakaDayStart } from '#shared/dhaka';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import {
  STATS_RANGE_DAYS,
  TYPICAL_WAIT,
  type TypicalWaitDto,
  type AmountsByCurrency,
  type MethodVolumeDto,
  type ProductVolumeDto,
  type StatsDayDto,
  type StatsDto,
  type StatsRange,
  type VolumeDto,
} from '#shared/stats';
import { unixSeconds } from '#shared/time';
import type { Clock } from '../clock.js';
import { type ShopStatsRepository, type StatsWindow } from './shop-stats.repository.js';

const DAY_MS = DAY_SECONDS * 1000;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const NO_VOLUME: VolumeDto = { count: 0, amount: '0.00' };

function zeroByStatus(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
}

/** The range's window: `days` whole Dhaka days, the last of them the one holding `now`. */
export function statsWindow(range: StatsRange, now: Date): StatsWindow {
  const today = dhakaDayStart(now).getTime();
  return { from: new Date(today - (STATS_RANGE_DAYS[range] - 1) * DAY_MS), to: new Date(today + DAY_MS) };
}

/** Money in (top-ups) or out (withdrawals) per currency: the wallets' rows of that kind added up, exactly. */
function flowOf(methods: readonly MethodVolumeDto[], kind: 'topup' | 'withdraw'): Record<string, VolumeDto> {
  const sums = new Map<string, { count: number; amount: Decimal }>();
  for (const method of methods) {
    const part = method[kind];
    if (part.count === 0) continue;
    const sum = sums.get(method.currency) ?? { count: 0, amount: new Decimal(0) };
    sums.set(method.currency, { count: sum.count + part.count, amount: sum.amount.plus(part.amount) });
  }
  return Object.fromEntries(
    [...sums].map(([currency, sum]) => [currency, { count: sum.count, amount: sum.amount.toFixed(2) }]),
  );
}

/** The SQL day number (see the repository) of a Dhaka midnight. */
const dayNumber = (midnight: Date) => Math.round((midnight.getTime() / 1000 + DHAKA_OFFSET_SECONDS) / DAY_SECONDS);

export function createShopStatsService(repo: ShopStatsRepository, clock: Clock) {
  // The typical wait is one figure for every customer's page: measured at most once a minute per instance, and
  // never twice at once (decision 113).
  let typicalWait: { at: number; answer: Promise<TypicalWaitDto> } | null = null;
  const measureTypicalWait = async (now: Date): Promise<TypicalWaitDto> => {
    const since = new Date(now.getTime() - TYPICAL_WAIT.days * DAY_MS);
    const [{ orders, p50 }, review] = await Promise.all([
      repo.paymentToCompletion(since, TYPICAL_WAIT.orders),
      repo.paymentToReview(since, TYPICAL_WAIT.orders),
    ]);
    const minutesOf = (measured: number, median: number | null) =>
      measured >= TYPICAL_WAIT.minOrders && median !== null ? Math.max(1, Math.round(median / 60)) : null;
    return {
      minutes: minutesOf(orders, p50),
      orders,
      review_minutes: minutesOf(review.orders, review.p50),
      review_orders: review.orders,
      measured_at: unixSeconds(now),
    };
  };
  return {
    /** The median minutes from payment to completion over the latest completed orders. */
    readTypicalWait(): Promise<TypicalWaitDto> {
      const now = clock.now();
      if (
        !typicalWait ||
        now.getTime() - typicalWait.at >= TYPICAL_WAIT.cacheSeconds * 1000 ||
        now.getTime() < typicalWait.at
      ) {
        const answer = measureTypicalWait(now);
        const entry = { at: now.getTime(), answer };
        typicalWait = entry;
        // A failed measurement is not kept: the next reader measures again.
        answer.catch(() => {
          if (typicalWait === entry) typicalWait = null;
        });
      }
      return typicalWait.answer;
    },

    async readStats(range: StatsRange): Promise<StatsDto> {
      const window = statsWindow(range, clock.now());
      const [counts, volumes, completion, timeouts, staff] = await Promise.all([
        repo.countsByDayAndStatus(window),
        repo.completedVolumes(window),
        repo.completionTimes(window),
        repo.timedOutCount(window),
        repo.byStaff(window),
      ]);

      const firstDay = dayNumber(window.from);
      const series: StatsDayDto[] = Array.from({ length: STATS_RANGE_DAYS[range] }, (_, i) => {
        const start = new Date(window.from.getTime() + i * DAY_MS);
        return {
          date: dhakaDate(start),
          start: unixSeconds(start),
          orders: 0,
          by_status: zeroByStatus(),
          completed: 0,
          volume: {},
        };
      });
      const dayAt = (day: number): StatsDayDto | undefined => series[day - firstDay];

      const ordersByStatus = zeroByStatus();
      for (const row of counts) {
        const day = dayAt(row.day);
        if (!(row.status in ordersByStatus) || !day) continue;
        ordersByStatus[row.status] += row.count;
        day.by_status[row.status] += row.count;
        day.orders += row.count;
      }

      const volumeTotal: AmountsByCurrency = {};
      const methods = new Map<string, MethodVolumeDto>();
      const products: ProductVolumeDto[] = [];
      for (const row of volumes) {
        if (row.grouping === 'total') {
          volumeTotal[row.currency] = row.pmAmount;
        } else if (row.grouping === 'day' && row.day !== null) {
          const day = dayAt(row.day);
          if (!day) continue;
          day.completed += row.count;
          day.volume[row.currency] = row.pmAmount;
        } else if (row.grouping === 'method' && row.method !== null) {
          methods.set(`${row.method} ${row.currency}`, {
            account: row.method,
            currency: row.currency,
            count: row.count,
            amount: row.pmAmount,
            topup: { ...NO_VOLUME },
            withdraw: { ...NO_VOLUME },
          });
        } else if (row.grouping === 'product' && row.productId !== null) {
          products.push({
            product_id: row.productId,
            currency: row.currency,
            count: row.count,
            amount: row.pmAmount,
            product_currency: productCurrency(row.productId),
            product_amount: row.amount,
          });
        }
      }
      // The per-kind rows fill in the wallets made above (GROUPING SETS gives both in the same pass).
      for (const row of volumes) {
        if (row.grouping !== 'methodKind' || row.method === null || row.kind === null) continue;
        const method = methods.get(`${row.method} ${row.currency}`);
        if (method) method[row.kind] = { count: row.count, amount: row.pmAmount };
      }

      const byMethod = [...methods.values()];
      return {
        range,
        from: unixSeconds(window.from),
        to: unixSeconds(window.to),
        orders_by_status: ordersByStatus,
        volume_total: volumeTotal,
        // Sorted here, not by the database's collation (which differs between installations for '_').
        money_in: flowOf(byMethod, 'topup'),
        money_out: flowOf(byMethod, 'withdraw'),
        volume_by_method: byMethod.sort((a, b) => byText(a.account, b.account) || byText(a.currency, b.currency)),
        volume_by_product: products.sort(
          (a, b) => byText(a.product_id, b.product_id) || byText(a.currency, b.currency),
        ),
        completion_p50_s: completion.completed > 0 ? completion.p50 : null,
        completion_p90_s: completion.completed > 0 ? completion.p90 : null,
        timeouts,
        series,
        by_staff: staff
          .map((s) => ({
            id: s.id,
            name: s.name,
            completed: s.completed,
            cancelled: s.cancelled,
            median_minutes: s.p50 === null ? null : Math.round(Number(s.p50) / 6) / 10,
          }))
          .sort(
            (a, b) =>
              b.completed - a.completed || b.cancelled - a.cancelled || byText(a.name, b.name) || byText(a.id, b.id),
          ),
      };
    },
  };
}
export type ShopStatsService = ReturnType<typeof createShopStatsService>;
