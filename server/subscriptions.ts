// Who listens to what (part of the composition root, decision 130). Subscribers of one event run in the order they
// are added here: kept data is dropped first (here and, through the instance bus, on every instance), then the
// pushes go out, so a client that reloads on a push reads the new data.
import type { AdminStatusService } from './admin-status/index.js';
import type { FulfilmentEngine } from './cashdesk/index.js';
import { dhakaDate } from '#shared/dhaka';
import type { EventBus } from './event-bus.js';
import type { PublicSnapshots } from './home/index.js';
import type { Logger } from './logger.js';
import { needsReceipt, orderViews, staffRulesOf, type OrderChanged } from './orders/index.js';
import type { Realtime } from './realtime/index.js';
import type { SettingsService } from './settings/index.js';
import type { TelegramNotifier } from './telegram/index.js';
import { orderWebhookEvents, type WebhooksService } from './webhooks/index.js';
import type { ShopEvents } from './composition.js';

/** Home's recent orders go out at most once per this many ms, the last change always included. */
export const HOME_ORDERS_PUSH_MS = 200;

/**
 * Runs `run` at once when it has not run for `intervalMs`, else once at the end of the interval however often it is
 * asked meanwhile (leading and trailing): a burst of orders costs one snapshot and one push per interval.
 */
function throttled(intervalMs: number, run: () => Promise<void>, onError: (error: unknown) => void) {
  let last = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    run().catch(onError);
  };
  return {
    request(): void {
      if (stopped || timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait).unref();
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export function subscribeShop(
  events: EventBus<ShopEvents>,
  deps: {
    adminStatus: Pick<AdminStatusService, 'staffActive'>;
    snapshots: PublicSnapshots;
    realtime: Realtime;
    settings: SettingsService;
    telegram: TelegramNotifier;
    /** The mail job queue: guests' receipts (decision 244) and the shop's answers to guests (decision 282), told when a write queued one. */
    receipts: { kick: () => void };
    /** Outbound webhooks: queues the shop's events for the partners' endpoints. */
    webhooks: Pick<WebhooksService, 'emit'>;
    /** The cash desk's fulfilment engine (decision 265), or null when no desk API is configured. */
    fulfilment: Pick<FulfilmentEngine, 'offer'> | null;
    /** Web Push (decision 276): queues the order's pushes to its followers' phones; logs, never throws. */
    pushOrderChanged: (order: OrderChanged['order'], before: OrderChanged['before']) => Promise<void>;
    logger: Logger;
    clock: () => Date;
    /** Drops the order's kept view here and in every other instance (decision 081). */
    orderViewChanged: (orderId: string) => Promise<void>;
  },
): { stop(): void } {
  const { snapshots, realtime, settings, telegram, receipts, adminStatus, webhooks, logger, clock, fulfilment } = deps;

  // The order page's kept view first: a customer who reloads on any push reads the order as it now stands.
  events.subscribe('order.changed', ({ order }) => deps.orderViewChanged(order.id));

  // The public snapshot (/home, /products/all): products, methods, names and pictures, the admin flag, and orders
  // that are new or moved (a change of verification alone shows nowhere in public).
  const publicDataChanged = () => snapshots.changed();
  events.subscribe('catalogue.changed', publicDataChanged);
  events.subscribe('profile.changed', publicDataChanged);
  events.subscribe('admin.online', publicDataChanged);
  // The shop's rules: the writer dropped its own cache; the snapshot's bus tells the other instances (decision 081).
  events.subscribe('settings.changed', () => {
    settings.dropped();
    return snapshots.changed('settings');
  });
  events.subscribe('order.changed', async ({ publicChanged }) => {
    if (publicChanged) await snapshots.ordersChanged();
  });

  // Pushes (product.md §12): one `order:updated` per audience for one change.
  events.subscribe('order.changed', async ({ order, before }) => {
    // Staff see whether a withdrawal needs a second approval under the rule as it stands.
    const rules = await settings.current().then(staffRulesOf, () => undefined);
    const views = orderViews(order, rules);
    if (before === null) realtime.orderCreated(views);
    else realtime.orderUpdated(views);
  });
  // Not awaited by the change's publisher, and coalesced: a busy shop places many orders a second.
  const homeOrders = throttled(
    HOME_ORDERS_PUSH_MS,
    async () => realtime.homeOrders((await snapshots.get()).orders),
    (error) => logger.error('home:orders push failed', error),
  );
  events.subscribe('order.changed', ({ publicChanged }) => {
    if (publicChanged) homeOrders.request();
  });
  events.subscribe('admin.online', ({ online }) => realtime.adminOnline(online));
  // Presence (decision 217): a console open or a Telegram tap keeps the badge online; never holds up the caller.
  events.subscribe('staff.active', ({ userId, via }) => {
    adminStatus.staffActive(userId, via).catch((error: unknown) => logger.warn('staff presence not recorded', error));
  });
  events.subscribe('ticket.changed', ({ ticket, message }) => {
    if (message) realtime.ticketMessage(ticket, message);
    realtime.ticketUpdated(ticket);
  });
  events.subscribe('sms.stored', ({ sms }) => realtime.smsReceived(sms));
  events.subscribe('devices.silent', (payload) => realtime.devicesSilent(payload));
  events.subscribe('ledger.gap', (payload) => realtime.ledgerGap(payload));
  // A message missing from a phone's ledger reaches the Telegram desk when the gap opens or changes.
  events.subscribe('ledger.gap', ({ device, gap }) => {
    if (!gap) return;
    telegram.deviceAlert({
      wallet: device.account,
      deviceName: device.name,
      problem: 'gap',
      gap: { from: new Date(gap.from * 1000), to: new Date(gap.to * 1000), unexplained: gap.unexplained },
    });
  });

  // A guest's receipt on creation and on every status move, an account's on completion (decisions 215, 244, 283):
  // the order's write queued its job in its own transaction; this only tells the queue to look now rather than at its
  // next poll.
  events.subscribe('order.changed', ({ order, before }) => {
    if (needsReceipt(order, before)) receipts.kick();
  });
  // The shop's answer to a ticket queued its mail in the message's transaction (decisions 282, 283).
  events.subscribe('ticket.changed', ({ message }) => {
    if (message?.sender === 'admin') receipts.kick();
  });

  // The staff's Telegram desk: fire-and-forget, its own outbox sends (decision 172).
  events.subscribe('order.changed', ({ order }) => telegram.orderChanged(order.id));
  events.subscribe('ticket.changed', ({ ticket, message }) => {
    if (message?.sender === 'user')
      telegram.ticketMessage({ ticketNum: ticket.num, customerName: ticket.name, text: message.text });
  });
  // A cap that bites: one alert per method and Dhaka day per instance, however many customers it turns away.
  const capsTold = new Set<string>();
  events.subscribe('method.limitReached', ({ wallet }) => {
    const key = `${wallet}:${dhakaDate(clock())}`;
    if (capsTold.has(key)) return;
    if (capsTold.size > 100) capsTold.clear();
    capsTold.add(key);
    telegram.capReached({ wallet });
  });
  events.subscribe('device.wentSilent', ({ device }) =>
    telegram.deviceAlert({ wallet: device.account, deviceName: device.name, problem: 'silent' }),
  );
  // Outbound webhooks: queued in the database before the change's request answers, sent by the queue's
  // own loop (decision 156). `data` is the admin's view of the order, the inbox's view of an SMS, the silent phone.
  events.subscribe('order.changed', async ({ order, before }) => {
    const types = orderWebhookEvents(order, before);
    if (types.length === 0) return;
    const data = orderViews(order, staffRulesOf(await settings.current())).full;
    for (const type of types) await webhooks.emit(type, data);
  });
  events.subscribe('sms.stored', async ({ sms }) => {
    if (sms.status === 'unmatched') await webhooks.emit('sms.unmatched', sms);
  });
  // Customers' phones (decision 276): one job per push in the durable queue, queued before the change's request
  // answers; the queue sends.
  events.subscribe('order.changed', ({ order, before }) => deps.pushOrderChanged(order, before));
  events.subscribe('device.wentSilent', ({ device }) => webhooks.emit('device.silent', { device }));

  // A cash desk that stopped answering properly, or whose Limit moved other than the shop's operations say (decision
  // 265): staff hear it live and in Telegram, as they hear a phone's ledger gap; partners hear of a failing desk.
  events.subscribe('cashdesk.failing', async ({ currency, message }) => {
    logger.error('cash desk failing: its automation stopped', { currency, message });
    const alert = { currency, problem: 'failing' as const, message, at: Math.floor(clock().getTime() / 1000) };
    realtime.cashdeskAlert(alert);
    telegram.cashdeskAlert(alert);
    await webhooks.emit('cashdesk.failing', { currency, message });
  });
  events.subscribe('cashdesk.drift', ({ currency, drift }) => {
    logger.warn('cash desk limit drift recorded', { currency, operation: drift.id, message: drift.message });
    const alert = {
      currency,
      problem: 'drift' as const,
      expected: Number(drift.limitBefore),
      read: Number(drift.limitAfter),
      at: Math.floor(drift.at.getTime() / 1000),
    };
    realtime.cashdeskAlert(alert);
    telegram.cashdeskAlert(alert);
  });

  // Orders that deliver themselves (decision 265): a verified top-up, a withdrawal's code, a payout proven by SMS
  // are offered to the engine after the commit; it queues a delivery (with its job) at most once per order and code.
  if (fulfilment)
    events.subscribe('order.changed', ({ order, before }) => fulfilment.offer(order, before).then(() => undefined));

  return { stop: () => homeOrders.stop() };
}
