// Support tickets (product.md §10.1/§4/§6): a user sees and writes only their own, an admin all; either side closes;
// a closed ticket takes no replies. Each change leaves as one `ticket.changed` event after the commit (decision 130).
import type { TicketDto, TicketMessageDto } from '#shared/api-types';
import { isStaffRole, LIMITS, type TicketLanguage, type TicketSubject } from '#shared/constants';
import type { AuditRecorder } from '../audit/index.js';
import type { Transaction } from '../db/database.js';
import type { StoredMedia } from '../media/index.js';
import { pageCount } from '../http/paging.js';
import type { Publisher } from '../event-bus.js';
import type { UserRecord } from '../security/user-record.js';
import { toTicketDto, toTicketMessageDto } from './ticket-dto.js';
import type {
  TicketMessageRecord,
  TicketOrderRecord,
  TicketPictureRecord,
  TicketRecord,
  TicketsRepository,
} from './tickets.repository.js';
import { VALIDATION_KEYS } from '#shared/schemas';
import { errors } from '../http/app-error.js';
import { ticketErrors } from './tickets-errors.js';

/** Bengali script in the text: the customer writes Bengali (used when the client names no language). */
const BENGALI_SCRIPT = /[\u0980-\u09FF]/;

/** What the tickets domain tells the rest of the shop, after its commit. */
export interface TicketEvents {
  /** A ticket was opened, answered or closed; `message` is the one it gained, if any. */
  'ticket.changed': { ticket: TicketDto; message: TicketMessageDto | null };
}

/**
 * Where ticket pictures live (the media domain's store, handed over at composition): `save` checks and re-encodes
 * an upload (its refusals are AppErrors), `find` answers the stored picture (its bytes read as they are sent),
 * `remove` retires one whose message was refused.
 */
export interface TicketPictures {
  save(upload: Buffer): Promise<TicketPictureRecord>;
  find(name: string, size: 'full' | 'thumb'): Promise<StoredMedia | null>;
  remove(name: string): Promise<void>;
}

export function createTicketsService(deps: {
  tickets: TicketsRepository;
  events: Publisher<TicketEvents>;
  mediaBaseUrl: string;
  pictures: TicketPictures;
  audit: AuditRecorder;
}) {
  const { tickets, events, mediaBaseUrl, pictures, audit } = deps;
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
  async function conversation(
    viewer: UserRecord | null,
    ticket: TicketRecord,
    messages: TicketMessageRecord[],
  ): Promise<TicketDto> {
    const order = ticket.orderId ? await tickets.orderOf(ticket.orderId) : null;
    const visible = order && (isStaffRole(viewer?.role) || order.userId === ticket.userId) ? order : null;
    return toTicketDto(ticket, mediaBaseUrl, messages, visible);
  }

  /** The order a guest asks about: it exists and has no account. */
  async function guestOrder(orderId: string): Promise<TicketOrderRecord> {
    const order = await tickets.orderOf(orderId);
    if (!order) throw ticketErrors.orderNotFound();
    if (order.userId !== null) throw ticketErrors.orderHasAccount();
    return order;
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
    async openTicket(
      owner: UserRecord,
      input: { subject: TicketSubject; text: string; order_id?: string; lang?: TicketLanguage },
    ): Promise<string> {
      const lang = input.lang ?? (BENGALI_SCRIPT.test(input.text) ? 'bn' : 'en');
      const created = await tickets.create({
        userId: owner.id,
        subject: input.subject,
        text: input.text,
        orderId: input.order_id ?? null,
        lang,
      });
      if (!created) throw ticketErrors.orderNotFound();
      const { ticket, message } = created;
      await events.publish('ticket.changed', { ticket: dto(ticket), message: toTicketMessageDto(ticket.id, message) });
      return ticket.id;
    },

    async replyToTicket(author: UserRecord, id: string, text: string): Promise<TicketDto> {
      const ticket = await visibleTicket(author, id);
      if (ticket.status === 'closed') throw ticketErrors.ticketClosed();
      // Staff (admin or operator) answer as the shop.
      const sender = isStaffRole(author.role) ? 'admin' : 'user';
      const result = await tickets.addMessage(ticket.id, sender, text);
      if (!result) throw ticketErrors.ticketClosed(); // closed between the read and the write
      await events.publish('ticket.changed', {
        ticket: dto(result.ticket),
        message: toTicketMessageDto(result.ticket.id, result.message),
      });
      return conversation(author, result.ticket, await tickets.messages(ticket.id));
    },

    /**
     * A picture (and optional words) into an open ticket, by its owner or staff (decision 022).
     * The ticket is checked before the picture is processed; the message and its audit entry (`ticket.picture`)
     * commit together, and a picture whose message was refused is deleted.
     */
    async sendPicture(author: UserRecord, id: string, upload: () => Buffer, text: string): Promise<TicketDto> {
      const ticket = await visibleTicket(author, id);
      if (ticket.status === 'closed') throw ticketErrors.ticketClosed();
      const picture = await pictures.save(upload());
      const sender = isStaffRole(author.role) ? 'admin' : 'user';
      let result: Awaited<ReturnType<TicketsRepository['addMessage']>>;
      try {
        result = await tickets.addMessage(ticket.id, sender, text, picture, (tx, message) =>
          audit(tx, {
            actorId: author.id,
            action: 'ticket.picture',
            targetType: 'ticket',
            targetId: ticket.id,
            before: null,
            after: { message_id: message.id, picture: picture.name, width: picture.width, height: picture.height },
          }),
        );
      } catch (error) {
        await pictures.remove(picture.name);
        throw error;
      }
      if (!result) {
        await pictures.remove(picture.name);
        throw ticketErrors.ticketClosed();
      }
      await events.publish('ticket.changed', {
        ticket: dto(result.ticket),
        message: toTicketMessageDto(result.ticket.id, result.message),
      });
      return conversation(author, result.ticket, await tickets.messages(ticket.id));
    },

    /** The JPEG of a message's picture, for the ticket's owner and staff only (anyone else: the ticket's 404). */
    async readPicture(viewer: UserRecord, id: string, messageId: number, size: 'full' | 'thumb'): Promise<StoredMedia> {
      const ticket = await visibleTicket(viewer, id);
      const picture = await tickets.pictureOf(ticket.id, messageId);
      const stored = picture ? await pictures.find(picture.name, size) : null;
      if (!stored) throw ticketErrors.pictureNotFound();
      return stored;
    },

    /**
     * The conversation a guest's order keys (decision 282): the newest ticket about it, or null before they ask.
     * Holding the order's id is the right, as for its page; an order with an account is asked about from the
     * account (`ticketErrors.orderHasAccount`), an unknown one is the order's 404.
     */
    async guestTicket(orderId: string): Promise<TicketDto | null> {
      await guestOrder(orderId);
      const ticket = await tickets.findGuestTicket(orderId);
      return ticket ? conversation(null, ticket, await tickets.messages(ticket.id)) : null;
    },

    /**
     * A guest writes about their order from its page: into its open ticket, or a new one (the first words, with
     * `subject`) when there is none or the last was closed. Each message commits with its audit entry
     * (`ticket.guest_message`, no actor); two first messages at once meet at the one-open-ticket index, and the
     * loser writes into the winner's ticket.
     */
    async writeAsGuest(orderId: string, input: { text: string; lang?: TicketLanguage }): Promise<TicketDto> {
      const order = await guestOrder(orderId);
      const lang = input.lang ?? (BENGALI_SCRIPT.test(input.text) ? 'bn' : 'en');
      const recordAudit = (tx: Transaction, ticketId: string, message: TicketMessageRecord) =>
        audit(tx, {
          actorId: null,
          action: 'ticket.guest_message',
          targetType: 'ticket',
          targetId: ticketId,
          before: null,
          after: { order_id: orderId, message_id: message.id },
        });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const open = await tickets.findGuestTicket(orderId);
        const result =
          open && open.status === 'open'
            ? await tickets.addMessage(open.id, 'user', input.text, null, (tx, message) =>
                recordAudit(tx, open.id, message),
              )
            : input.text.length < LIMITS.ticketText.min
              ? 'tooShort'
              : await tickets.createGuest({
                  orderId,
                  subject: order.productId,
                  text: input.text,
                  lang,
                  also: recordAudit,
                });
        // A question opens the ticket: the first words are held to a new ticket's length.
        if (result === 'tooShort')
          throw errors.validation('The question is too short', { text: VALIDATION_KEYS.ticketShort });
        if (result === 'orderNotFound') throw ticketErrors.orderNotFound();
        if (result === 'notGuest') throw ticketErrors.orderHasAccount();
        // Closed between the read and the write, or another first message won the race: read again, once.
        if (result === null || result === 'exists') continue;
        await events.publish('ticket.changed', {
          ticket: dto(result.ticket),
          message: toTicketMessageDto(result.ticket.id, result.message),
        });
        return conversation(null, result.ticket, await tickets.messages(result.ticket.id));
      }
      throw ticketErrors.ticketClosed();
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
