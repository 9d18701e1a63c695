// Public surface of the Telegram desk: the staff's bot, its outbox and linking. Other domains and the
// composition root import only from here.
export { createTelegramRepository, type TelegramRepository } from './telegram.repository.js';
export { createTelegramDesk, type TelegramDesk, type TelegramNotifier } from './desk.js';
export type { DeskOrders } from './bot.js';
export { telegramRoutes, telegramWebhookRoutes } from './telegram.routes.js';
export { isTelegramStaff } from './staff.js';
