// Public surface of the tickets domain: support tickets and their live chat.
export { createTicketsRepository } from './tickets.repository.js';
export { createTicketsService, type TicketsService, type TicketPushes } from './tickets.service.js';
export { ticketsRoutes } from './tickets.routes.js';
