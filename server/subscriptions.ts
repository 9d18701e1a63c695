// Who listens to what (part of the composition root, decision 130). Subscribers of one event run in the order they
// are added here: kept data is dropped first (here and, through the instance bus, on every instance), then the
// pushes go out, so a client that reloads on a push reads the new data.
import type { AdminStatusService } from './admin-status/index.js';
import { dhakaDate } from '#shared/dhaka';
import type { EventBus } from './event-bus.js';
import type { PublicSnapshots } from './home/index.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import { needsReceipt, orderReceiptMail, orderViews } from './orders/index.js';
import type { Realtime } from './realtime/index.js';
import type { SettingsService } from './settings/index.js';
import type { TelegramNotifier } from './telegram/index.js';
import { orderWebhookEvents, type WebhooksService } from './webhooks/index.js';
import type { ShopEvents } from './composition.js';

/** Home's recent orders go out at most once per this many ms, the last change always included (issue 21). */
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
    /** Guests' receipts (issue 22): where mail goes and the link that opens an order. */
    receipts: { mailer: Mailer; orderLink: (id: string) => string };
    /** Outbound webhooks (issue 25): queues the shop's events for the partners' endpoints. */
    webhooks: Pick<WebhooksService, 'emit'>;
    logger: Logger;
    clock: () => Date;
    /** Drops the order's kept view here and in every other instance (decision 132). */
    orderViewChanged: (orderId: string) => Promise<void>;
  },
): { stop(): void } {
  const { snapshots, realtime, settings, telegram, receipts, adminStatus, webhooks, logger, clock } = deps;

  // The order page's kept view first: a customer who reloads on any push reads the order as it now stands.
  events.subscribe('order.changed', ({ order }) => deps.orderViewChanged(order.id));

  // The public snapshot (/home, /products/all): products, methods, names and pictures, the admin flag, and orders
  // that are new or moved (a change of verification alone shows nowhere in public).
  const publicDataChanged = () => snapshots.changed();
  events.subscribe('catalogue.changed', publicDataChanged);
  events.subscribe('profile.changed', publicDataChanged);
  events.subscribe('admin.online', publicDataChanged);
  // The shop's rules: the writer dropped its own cache; the snapshot's bus tells the other instances (decision 164).
  events.subscribe('settings.changed', () => {
    settings.dropped();
    return snapshots.changed('settings');
  });
  events.subscribe('order.changed', async ({ publicChanged }) => {
    if (publicChanged) await snapshots.ordersChanged();
  });

  // Pushes (design §7): one `order:updated` per audience for one change.
  events.subscribe('order.changed', async ({ order, before }) => {
    // Staff see whether a withdrawal needs a second approval under the rule as it stands (issue 20).
    const fourEyes = await settings.current().then((rules) => rules.four_eyes_bdt, () => null);
    const views = orderViews(order, fourEyes);
    if (before === null) realtime.orderCreated(views);
    else realtime.orderUpdated(views);
  });
  // Not awaited by the change's publisher, and coalesced: a busy shop places many orders a second (issue 21).
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
    if (message) realtime.ticketMessage(ticket.user_id, ticket.id, message);
    realtime.ticketUpdated(ticket);
  });
  events.subscribe('sms.stored', ({ sms }) => realtime.smsReceived(sms));
  events.subscribe('devices.silent', (payload) => realtime.devicesSilent(payload));
  events.subscribe('ledger.gap', (payload) => realtime.ledgerGap(payload));
  // A message missing from a phone's ledger reaches the Telegram desk when the gap opens or changes (issue 24).
  events.subscribe('ledger.gap', ({ device, gap }) => {
    if (!gap) return;
    telegram.deviceAlert({
      wallet: device.account,
      deviceName: device.name,
      problem: 'gap',
      gap: { from: new Date(gap.from * 1000), to: new Date(gap.to * 1000), unexplained: gap.unexplained },
    });
  });

  // A guest's receipt on creation and on every status move (decision 215): sent after the answer, never holding up
  // the use case; a mail server that is down costs a logged warning, not an order.
  events.subscribe('order.changed', ({ order, before }) => {
    if (!needsReceipt(order, before)) return;
    receipts.mailer.send(orderReceiptMail(order, receipts.orderLink(order.id))).catch((error: unknown) => {
      logger.warn(`receipt mail for order ${order.id} not sent`, error);
    });
  });

  // The staff's Telegram desk (issue 24): fire-and-forget, its own outbox sends (decision 172).
  events.subscribe('order.changed', ({ order }) => telegram.orderChanged(order.id));
  events.subscribe('ticket.changed', ({ ticket, message }) => {
    if (message?.sender === 'user') telegram.ticketMessage({ ticketNum: ticket.num, customerName: ticket.name, text: message.text });
  });
  // A cap that bites (issue 24): one alert per method and Dhaka day per instance, however many customers it turns away.
  const capsTold = new Set<string>();
  events.subscribe('method.limitReached', ({ wallet }) => {
    const key = `${wallet}:${dhakaDate(clock())}`;
    if (capsTold.has(key)) return;
    if (capsTold.size > 100) capsTold.clear();
    capsTold.add(key);
    telegram.capReached({ wallet });
  });
  let silent = new Set<string>();
  events.subscribe('devices.silent', ({ devices }) => {
    for (const device of devices) if (!silent.has(device.id)) telegram.deviceAlert({ wallet: device.account, deviceName: device.name, problem: 'silent' });
    silent = new Set(devices.map((d) => d.id));
  });
  // Outbound webhooks (issue 25): queued in the database before the change's request answers, sent by the queue's
  // own loop (decision 156). `data` is the admin's view of the order, the inbox's view of an SMS, the silent phone.
  events.subscribe('order.changed', async ({ order, before }) => {
    const types = orderWebhookEvents(order, before);
    if (types.length === 0) return;
    const data = orderViews(order, (await settings.current()).four_eyes_bdt).full;
    for (const type of types) await webhooks.emit(type, data);
  });
  events.subscribe('sms.stored', async ({ sms }) => {
    if (sms.status === 'unmatched') await webhooks.emit('sms.unmatched', sms);
  });
  let silentForWebhooks = new Set<string>();
  events.subscribe('devices.silent', async ({ devices }) => {
    const newlySilent = devices.filter((device) => !silentForWebhooks.has(device.id));
    silentForWebhooks = new Set(devices.map((d) => d.id));
    for (const device of newlySilent) await webhooks.emit('device.silent', { device });
  });

  return { stop: () => homeOrders.stop() };
}
