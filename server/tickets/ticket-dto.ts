import type { TicketDto, TicketMessageDto } from '#shared/api-types';
import { mediaUrl } from '../http/media-url.js';
import type { TicketMessageRecord, TicketRecord } from './tickets.repository.js';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toTicketMessageDto(message: TicketMessageRecord): TicketMessageDto {
  return { id: message.id, sender: message.sender, text: message.text, time: seconds(message.createdAt) };
}

/** `name` and `userLogo` are the ticket owner's, whoever wrote last. */
export function toTicketDto(ticket: TicketRecord, mediaBaseUrl: string, messages?: TicketMessageRecord[]): TicketDto {
  return {
    id: ticket.id,
    num: ticket.num,
    created_at: seconds(ticket.createdAt),
    updated_at: seconds(ticket.updatedAt),
    subject: ticket.subject,
    status: ticket.status,
    last_text: ticket.lastText,
    user_id: ticket.userId,
    name: ticket.ownerName,
    userLogo: mediaUrl(mediaBaseUrl, ticket.ownerLogo),
    ...(messages ? { texts: messages.map(toTicketMessageDto) } : {}),
  };
}
