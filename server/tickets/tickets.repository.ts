// Tickets and their messages in the database; the only tickets code that touches Prisma. Returns plain objects.
import crypto from 'node:crypto';
import type { TicketLanguage } from '#shared/constants';
import type { Prisma, Transaction } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';

export type TicketStatus = 'open' | 'closed';
export type TicketSender = 'user' | 'admin';

/** A message's picture as stored (decisions 022, 250): its name (media `tickets/<name>`) and its size. */
export interface TicketPictureRecord {
  name: string;
  width: number;
  height: number;
}

export interface TicketMessageRecord {
  id: number;
  sender: TicketSender;
  text: string;
  picture: TicketPictureRecord | null;
  createdAt: Date;
}

export interface TicketRecord {
  id: string;
  num: number;
  /** The owner's account; null for a guest's ticket, which its order keys (decision 282). */
  userId: string | null;
  subject: string;
  status: TicketStatus;
  lastText: string;
  createdAt: Date;
  updatedAt: Date;
  /** The owner's name; a guest's ticket: the order's contact e-mail (maybe empty). */
  ownerName: string;
  ownerLogo: string | null;
  /** The order the ticket is about, or null. */
  orderId: string | null;
  lang: TicketLanguage;
}

/** The order a ticket names, as its conversation shows it; `userId` lets the service check it is the owner's. */
export interface TicketOrderRecord {
  id: string;
  userId: string | null;
  createdAt: Date;
  productId: string;
  status: string;
  amount: { toString(): string };
  pmAmount: { toString(): string };
  pmMethod: string;
  pmWallet: string;
  wallet: string | null;
  pmId: string | null;
}

const withOwner = { user: { select: { name: true, logo: true } }, order: { select: { contactEmail: true } } } as const;
const ORDER_FIELDS = {
  id: true,
  userId: true,
  createdAt: true,
  productId: true,
  status: true,
  amount: true,
  pmAmount: true,
  pmMethod: true,
  pmWallet: true,
  wallet: true,
  pmId: true,
} as const;
type Row = Omit<TicketRecord, 'ownerName' | 'ownerLogo' | 'status' | 'lang'> & {
  status: string;
  lang: string;
  user: { name: string; logo: string | null } | null;
  order: { contactEmail: string } | null;
};

const toRecord = (row: Row): TicketRecord => {
  const { user, order, ...rest } = row;
  return {
    ...rest,
    status: rest.status === 'closed' ? 'closed' : 'open',
    lang: rest.lang === 'bn' ? 'bn' : 'en',
    ownerName: user?.name ?? order?.contactEmail ?? '',
    ownerLogo: user?.logo ?? null,
  };
};
type MessageRow = {
  id: number;
  sender: string;
  text: string;
  picture: string | null;
  pictureWidth: number | null;
  pictureHeight: number | null;
  createdAt: Date;
};
const toMessage = (row: MessageRow): TicketMessageRecord => ({
  id: row.id,
  sender: row.sender === 'admin' ? 'admin' : 'user',
  text: row.text,
  picture:
    row.picture === null ? null : { name: row.picture, width: row.pictureWidth ?? 0, height: row.pictureHeight ?? 0 },
  createdAt: row.createdAt,
});

/** A staff answer to mail: a guest's (keyed by its order, decision 282) or an account's (its ticket, decision 283). */
export type TicketReplyForMail = { to: string; lang: TicketLanguage; text: string } & (
  { orderId: string } | { ticketId: string; subject: string }
);

export function createTicketsRepository(prisma: Prisma) {
  return {
    /**
     * One page, newest activity first; `userId` restricts to one owner. The whole list's size comes from the
     * trigger-kept row count, one owner's from its index (decision 080): no count(*) over every ticket.
     */
    async list(
      filter: { userId?: string },
      page: number,
      pageSize: number,
    ): Promise<{ tickets: TicketRecord[]; total: number }> {
      const where = filter.userId ? { userId: filter.userId } : {};
      const [rows, total] = await Promise.all([
        prisma.ticket.findMany({
          where,
          include: withOwner,
          orderBy: [{ updatedAt: 'desc' }, { num: 'desc' }],
          skip: (page - 1) * pageSize,
          take: pageSize,
        }),
        filter.userId
          ? prisma.ticket.count({ where })
          : prisma.rowCount.findUnique({ where: { name: 'tickets' } }).then((row) => Number(row?.n ?? 0)),
      ]);
      return { tickets: rows.map(toRecord), total };
    },

    async findById(id: string): Promise<TicketRecord | null> {
      const row = await prisma.ticket.findUnique({ where: { id }, include: withOwner });
      return row ? toRecord(row) : null;
    },

    /** The newest guest ticket an order keys (decision 282), or null when its guest has asked nothing yet. */
    async findGuestTicket(orderId: string): Promise<TicketRecord | null> {
      const row = await prisma.ticket.findFirst({
        where: { orderId, userId: null },
        include: withOwner,
        orderBy: { num: 'desc' },
      });
      return row ? toRecord(row) : null;
    },

    /** The order a ticket names (read with its conversation), or null when it names none or it is gone. */
    async orderOf(orderId: string): Promise<TicketOrderRecord | null> {
      return prisma.order.findUnique({ where: { id: orderId }, select: ORDER_FIELDS });
    },

    /** The picture of one message of a ticket, or null (no such message there, or it has none). */
    async pictureOf(ticketId: string, messageId: number): Promise<TicketPictureRecord | null> {
      const row = await prisma.ticketMessage.findFirst({
        where: { id: messageId, ticketId },
        select: { picture: true, pictureWidth: true, pictureHeight: true },
      });
      if (!row?.picture) return null;
      return { name: row.picture, width: row.pictureWidth ?? 0, height: row.pictureHeight ?? 0 };
    },

    /** A shop's answer as its mail needs it: the order's e-mail, the ticket's language, the words; null when gone. */
    async replyForMail(ticketId: string, messageId: number): Promise<TicketReplyForMail | null> {
      const row = await prisma.ticketMessage.findFirst({
        where: { id: messageId, ticketId, sender: 'admin' },
        select: {
          text: true,
          ticket: {
            select: {
              lang: true,
              orderId: true,
              subject: true,
              order: { select: { contactEmail: true } },
              user: { select: { email: true, mailUpdates: true } },
            },
          },
        },
      });
      if (!row) return null;
      const lang = row.ticket.lang === 'bn' ? 'bn' : 'en';
      // An account's ticket goes to the account's e-mail while it takes mail (decision 283), read at sending: a
      // setting turned off since the answer was queued is honoured.
      if (row.ticket.user) {
        if (!row.ticket.user.mailUpdates)
          return { to: '', lang, ticketId, subject: row.ticket.subject, text: row.text };
        return { to: row.ticket.user.email, lang, ticketId, subject: row.ticket.subject, text: row.text };
      }
      if (!row.ticket.orderId || !row.ticket.order) return null;
      return { to: row.ticket.order.contactEmail, lang, orderId: row.ticket.orderId, text: row.text };
    },

    async messages(ticketId: string): Promise<TicketMessageRecord[]> {
      const rows = await prisma.ticketMessage.findMany({ where: { ticketId }, orderBy: { id: 'asc' } });
      return rows.map(toMessage);
    },

    /**
     * The ticket and its first message in one transaction; null when `orderId` names no order of this owner (an
     * unknown order and another customer's answer alike).
     */
    async create(data: {
      userId: string;
      subject: string;
      text: string;
      orderId: string | null;
      lang: TicketLanguage;
    }): Promise<{ ticket: TicketRecord; message: TicketMessageRecord } | null> {
      const id = crypto.randomBytes(12).toString('base64url');
      return prisma.$transaction(async (tx) => {
        if (data.orderId !== null) {
          const own = await tx.order.findFirst({
            where: { id: data.orderId, userId: data.userId },
            select: { id: true },
          });
          if (!own) return null;
        }
        await tx.ticket.create({
          data: {
            id,
            userId: data.userId,
            subject: data.subject,
            lastText: data.text,
            orderId: data.orderId,
            lang: data.lang,
          },
        });
        const message = await tx.ticketMessage.create({ data: { ticketId: id, sender: 'user', text: data.text } });
        const row = await tx.ticket.findUniqueOrThrow({ where: { id }, include: withOwner });
        return { ticket: toRecord(row), message: toMessage(message) };
      });
    },

    /**
     * A guest's ticket about their order and its first message, in one transaction. The order must exist and have no
     * account ('notGuest' otherwise, 'orderNotFound' when it is gone); a second ticket for the same order loses the
     * unique index's race and answers 'exists' (the caller then writes into that one).
     */
    async createGuest(data: {
      orderId: string;
      subject: string;
      text: string;
      lang: TicketLanguage;
      picture?: TicketPictureRecord | null;
      also?: (tx: Transaction, ticketId: string, message: TicketMessageRecord) => Promise<void>;
    }): Promise<{ ticket: TicketRecord; message: TicketMessageRecord } | 'orderNotFound' | 'notGuest' | 'exists'> {
      const id = crypto.randomBytes(12).toString('base64url');
      try {
        return await prisma.$transaction(async (tx) => {
          const order = await tx.order.findUnique({ where: { id: data.orderId }, select: { userId: true } });
          if (!order) return 'orderNotFound' as const;
          if (order.userId !== null) return 'notGuest' as const;
          await tx.ticket.create({
            data: {
              id,
              userId: null,
              subject: data.subject,
              lastText: data.text,
              orderId: data.orderId,
              lang: data.lang,
            },
          });
          const pictureData = data.picture
            ? { picture: data.picture.name, pictureWidth: data.picture.width, pictureHeight: data.picture.height }
            : {};
          const message = toMessage(
            await tx.ticketMessage.create({ data: { ticketId: id, sender: 'user', text: data.text, ...pictureData } }),
          );
          await data.also?.(tx, id, message);
          const row = await tx.ticket.findUniqueOrThrow({ where: { id }, include: withOwner });
          return { ticket: toRecord(row), message };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /**
     * Appends a message (its words, a picture, or both) to an open ticket: the conditional update (status = open)
     * takes the row lock, so a concurrent close either happens before (nothing stored, null) or waits until this
     * commits. `also` (the audit entry of a picture) commits with the message.
     */
    async addMessage(
      ticketId: string,
      sender: TicketSender,
      text: string,
      picture: TicketPictureRecord | null = null,
      also?: (tx: Transaction, message: TicketMessageRecord) => Promise<void>,
    ): Promise<{ ticket: TicketRecord; message: TicketMessageRecord } | null> {
      return prisma.$transaction(async (tx) => {
        const updated = await tx.ticket.updateMany({
          where: { id: ticketId, status: 'open' },
          data: { lastText: text, updatedAt: new Date() },
        });
        if (updated.count === 0) return null;
        const pictureData = picture
          ? { picture: picture.name, pictureWidth: picture.width, pictureHeight: picture.height }
          : {};
        const message = toMessage(await tx.ticketMessage.create({ data: { ticketId, sender, text, ...pictureData } }));
        await also?.(tx, message);
        const row = await tx.ticket.findUniqueOrThrow({ where: { id: ticketId }, include: withOwner });
        return { ticket: toRecord(row), message };
      });
    },

    /**
     * Open tickets whose newest message is the customer's: they wait for the shop's answer (the admin's alerts,
     * decision 119). Reads the (status, updated_at) index and each open ticket's last message by (ticket_id, id).
     */
    async countAwaitingReply(): Promise<number> {
      const [row] = await prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM tickets t
        WHERE t.status = 'open'
          AND (SELECT m.sender FROM ticket_messages m WHERE m.ticket_id = t.id ORDER BY m.id DESC LIMIT 1) = 'user'`;
      return row?.n ?? 0;
    },

    /** Closes an open ticket; null when it was already closed (or is gone). */
    async close(ticketId: string): Promise<TicketRecord | null> {
      const updated = await prisma.ticket.updateMany({
        where: { id: ticketId, status: 'open' },
        data: { status: 'closed', updatedAt: new Date() },
      });
      if (updated.count === 0) return null;
      return this.findById(ticketId);
    },
  };
}
export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
