// Public surface of the tickets domain: support tickets, their live chat and the admin's canned replies.
export { createTicketsRepository } from './tickets.repository.js';
export { createTicketsService, type TicketsService, type TicketEvents } from './tickets.service.js';
export { ticketsRoutes } from './tickets.routes.js';
export { TICKET_REPLY_JOB, ticketReplyMailJob } from './ticket-reply-mail.js';
export { createRepliesRepository } from './replies.repository.js';
export { createRepliesService, type RepliesService } from './replies.service.js';
export { repliesRoutes } from './replies.routes.js';
