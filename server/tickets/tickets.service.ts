// Support tickets (spec §2/§4/§6): a user sees and writes only their own, an admin all; either side closes;
// a closed ticket takes no replies. Each change leaves as one `ticket.changed` event after the commit (decision 130).
import type { TicketDto, TicketMessageDto } from '#shared/api-types';
import { isStaffRole, LIMITS, type TicketLanguage, type TicketSubject } from '#shared/constants';
import { pageCount } from '../http/paging.js';
import type { Publisher } from '../event-bus.js';
import type { UserRecord } from '../security/user-record.js';
import { toTicketDto, toTicketMessageDto } from './ticket-dto.js';
import type { TicketMessageRecord, TicketRecord, TicketsRepository } from './tickets.repository.js';
import { ticketErrors } from './tickets-errors.js';


/** Bengali script in the text: the customer writes Bengali (used when the client names no language). */
const BENGALI_SCRIPT = /[\u0980-\u09FF]/;

/** What the tickets domain tells the rest of the shop, after its commit. */
export interface TicketEvents {
  /** A ticket was opened, answered or closed; `message` is the one it gained, if any. */
  'ticket.changed': { ticket: TicketDto; message: TicketMessageDto | null };
}

export function createTicketsService(deps: { tickets: TicketsRepository; events: Publisher<TicketEvents>; mediaBaseUrl: string }) {
  const { tickets, events, mediaBaseUrl } = deps;
  const dto = (ticket: TicketRecord) => toTicketDto(ticket, mediaBaseUrl);

  /** Owner or staff; anyone else gets the same 404 as for a missing ticket, so ids cannot be probed. */
  async function visibleTicket(viewer: UserRecord, id: string): Promise<TicketRecord> {
    const ticket = await tickets.findById(id);
    if (!ticket || (!isStaffRole(viewer.role) && ticket.userId !== viewer.id)) throw ticketErrors.ticketNotFound();
    return ticket;
  }

  /**
   * The ticket with its messages and the order it names. A customer sees that order only while it is their own
   * (it always is when linked; the check keeps it so should the order ever change hands).
   */
  async function conversation(viewer: UserRecord, ticket: TicketRecord, messages: TicketMessageRecord[]): Promise<TicketDto> {
    const order = ticket.orderId ? await tickets.orderOf(ticket.orderId) : null;
    const visible = order && (isStaffRole(viewer.role) || order.userId === ticket.userId) ? order : null;
    return toTicketDto(ticket, mediaBaseUrl, messages, visible);
  }

  return {
    async listTickets(viewer: UserRecord, page: number): Promise<{ supports: TicketDto[]; pages: number }> {
      const filter = isStaffRole(viewer.role) ? {} : { userId: viewer.id };
      const { tickets: rows, total } = await tickets.list(filter, page, LIMITS.pageSize);
      return { supports: rows.map(dto), pages: pageCount(total) };
    },

    async listTicketsOfUser(userId: string, limit: number): Promise<TicketDto[]> {
      const { tickets: rows } = await tickets.list({ userId }, 1, limit);
      return rows.map(dto);
    },

    async getTicket(viewer: UserRecord, id: string): Promise<TicketDto> {
      const ticket = await visibleTicket(viewer, id);
      return conversation(viewer, ticket, await tickets.messages(ticket.id));
    },

    /** `order_id` must name one of the owner's orders: another's or an unknown one is the same 404. */
    async openTicket(owner: UserRecord, input: { subject: TicketSubject; text: string; order_id?: string; lang?: TicketLanguage }): Promise<string> {
      const lang = input.lang ?? (BENGALI_SCRIPT.test(input.text) ? 'bn' : 'en');
      const created = await tickets.create({ userId: owner.id, subject: input.subject, text: input.text, orderId: input.order_id ?? null, lang });
      if (!created) throw ticketErrors.orderNotFound();
      const { ticket, message } = created;
      await events.publish('ticket.changed', { ticket: dto(ticket), message: toTicketMessageDto(message) });
      return ticket.id;
    },

    async replyToTicket(author: UserRecord, id: string, text: string): Promise<TicketDto> {
      const ticket = await visibleTicket(author, id);
      if (ticket.status === 'closed') throw ticketErrors.ticketClosed();
      // Staff (admin or operator) answer as the shop.
      const sender = isStaffRole(author.role) ? 'admin' : 'user';
      const result = await tickets.addMessage(ticket.id, sender, text);
      if (!result) throw ticketErrors.ticketClosed(); // closed between the read and the write
      await events.publish('ticket.changed', { ticket: dto(result.ticket), message: toTicketMessageDto(result.message) });
      return conversation(author, result.ticket, await tickets.messages(ticket.id));
    },

    /** Open tickets waiting for the shop's answer (the admin's tab title, decision 119). */
    countAwaitingReply: (): Promise<number> => tickets.countAwaitingReply(),

    async closeTicket(actor: UserRecord, id: string): Promise<TicketDto> {
      const ticket = await visibleTicket(actor, id);
      const closed = await tickets.close(ticket.id);
      if (!closed) throw ticketErrors.ticketClosed();
      await events.publish('ticket.changed', { ticket: dto(closed), message: null });
      return conversation(actor, closed, await tickets.messages(ticket.id));
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
