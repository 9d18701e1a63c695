// Who listens to what (part of the composition root, decision 130). Subscribers of one event run in the order they
// are added here: public data is dropped first (here and, through the snapshot bus, on every instance), then the
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
import type { ShopEvents } from './composition.js';

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
    logger: Logger;
    clock: () => Date;
  },
): void {
  const { snapshots, realtime, settings, telegram, receipts, adminStatus, logger, clock } = deps;

  // The public snapshot (/home, /products/all): products, methods, names and pictures, the admin flag, and orders
  // that are new or moved (a change of verification alone shows nowhere in public).
  const publicDataChanged = () => snapshots.changed();
  events.subscribe('catalogue.changed', publicDataChanged);
  events.subscribe('profile.changed', publicDataChanged);
  events.subscribe('admin.online', publicDataChanged);
  // The shop's rules: the writer dropped its own cache; the snapshot's bus tells the other instances (decision 164).
  events.subscribe('settings.changed', () => {
    settings.dropped();
    return snapshots.changed();
  });
  events.subscribe('order.changed', async ({ publicChanged }) => {
    if (publicChanged) await snapshots.changed();
  });

  // Pushes (design §7): one `order:updated` per audience for one change.
  events.subscribe('order.changed', ({ order, before }) => {
    const views = orderViews(order);
    if (before === null) realtime.orderCreated(views);
    else realtime.orderUpdated(views);
  });
  events.subscribe('order.changed', async ({ publicChanged }) => {
    if (publicChanged) realtime.homeOrders((await snapshots.get()).orders);
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
}
