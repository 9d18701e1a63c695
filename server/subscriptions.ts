// Who listens to what (part of the composition root, decision 130). Subscribers of one event run in the order they
// are added here: public data is dropped first (here and, through the snapshot bus, on every instance), then the
// pushes go out, so a client that reloads on a push reads the new data.
import type { EventBus } from './event-bus.js';
import type { PublicSnapshots } from './home/index.js';
import { orderViews } from './orders/index.js';
import type { Realtime } from './realtime/index.js';
import type { SettingsService } from './settings/index.js';
import type { TelegramNotifier } from './telegram/index.js';
import { orderWebhookEvents, type WebhooksService } from './webhooks/index.js';
import type { ShopEvents } from './composition.js';

export function subscribeShop(
  events: EventBus<ShopEvents>,
  deps: { snapshots: PublicSnapshots; realtime: Realtime; settings: SettingsService; telegram: TelegramNotifier; webhooks: Pick<WebhooksService, 'emit'> },
): void {
  const { snapshots, realtime, settings, telegram, webhooks } = deps;

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
  events.subscribe('ticket.changed', ({ ticket, message }) => {
    if (message) realtime.ticketMessage(ticket.user_id, ticket.id, message);
    realtime.ticketUpdated(ticket);
  });
  events.subscribe('sms.stored', ({ sms }) => realtime.smsReceived(sms));
  events.subscribe('devices.silent', (payload) => realtime.devicesSilent(payload));

  // The staff's Telegram desk (issue 24): fire-and-forget, its own outbox sends (decision 172).
  events.subscribe('order.changed', ({ order }) => telegram.orderChanged(order.id));
  events.subscribe('ticket.changed', ({ ticket, message }) => {
    if (message?.sender === 'user') telegram.ticketMessage({ ticketNum: ticket.num, customerName: ticket.name, text: message.text });
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
    const data = orderViews(order).full;
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
}
