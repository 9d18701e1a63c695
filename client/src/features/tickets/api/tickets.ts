// Support ticket calls (product.md §10), their queries and the hooks that keep a list or a conversation live (product.md §10.6).
import type { z } from 'zod';
import type { PublicOrderDto, TicketDto, TicketMessageDto } from '#shared/api-types';
import type { TicketLanguage, TicketSubject } from '#shared/constants';
import type { newTicketTextSchema } from '#shared/schemas';
import { api, ApiFailure, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryClient, queryOptions, refreshQueries, updateQueries, usePagedQuery, useQuery } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';

/** Query keys of the tickets feature (decision 180). */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (page: number) => [...ticketKeys.lists(), page] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
  order: (id: string) => [...ticketKeys.all, 'order', id] as const,
  /** A guest's conversation about their order, keyed by the order's id (decision 282). */
  guest: (orderId: string) => [...ticketKeys.all, 'guest', orderId] as const,
  /** A message's picture (its API path, thumbnail or full): an object URL of the fetched JPEG. */
  picture: (path: string) => [...ticketKeys.all, 'picture', path] as const,
};

export type NewTicketInput = {
  subject: TicketSubject;
  text: z.output<typeof newTicketTextSchema>;
  /** The customer's own order the ticket is about. */
  order_id?: string;
  /** The customer's interface language: canned replies are inserted in it (decision 116). */
  lang: TicketLanguage;
};

export const fetchTickets = (page: number) =>
  api.get<{ supports: TicketDto[]; pages: number }>('/supports/all', { page });
export const fetchTicket = (id: string) => api.get<{ support: TicketDto }>(`/supports/${encodeURIComponent(id)}`);

/** The order a new ticket is about (the public view: the customer holds its id). */
export const fetchOrderForTicket = (id: string) =>
  api.get<{ order: PublicOrderDto }>(`/orders/${encodeURIComponent(id)}`);

export async function openTicket(support: NewTicketInput) {
  const captcha = await getCaptcha();
  return api.post<{ id: string }>('/supports', { captcha, support });
}

export async function replyToTicket(id: string, text: string) {
  const captcha = await getCaptcha();
  return api.patch<{ support: TicketDto }>(`/supports/${encodeURIComponent(id)}`, { captcha, support: { text } });
}

/** A picture (JPEG or PNG, at most 3 MB) with optional words into a ticket (decision 022). */
export async function sendTicketPicture(id: string, picture: File, text: string) {
  const captcha = await getCaptcha();
  const form = new FormData();
  if (captcha) form.append('captcha', captcha);
  if (text) form.append('text', text);
  form.append('pic', picture);
  return api.upload<{ support: TicketDto }>(`/supports/${encodeURIComponent(id)}/pictures`, form);
}

export async function closeTicket(id: string) {
  const captcha = await getCaptcha();
  return api.patch<{ support: TicketDto }>(`/supports/${encodeURIComponent(id)}`, {
    captcha,
    support: { status: 'close' },
  });
}

/** Adds messages not yet shown (a reply may come back both in the PATCH answer and as a push), in time order. */
export function mergeMessages(current: TicketMessageDto[], incoming: TicketMessageDto[]): TicketMessageDto[] {
  const known = new Set(current.map((m) => m.id));
  const added = incoming.filter((m) => !known.has(m.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => a.time - b.time || a.id - b.id);
}

type TicketList = { supports: TicketDto[]; pages: number };
type TicketAnswer = { support: TicketDto };

export const ticketsQuery = (page: number) =>
  queryOptions({ queryKey: ticketKeys.list(page), queryFn: () => okOrThrow(fetchTickets(page)) });
export const ticketQuery = (id: string) =>
  queryOptions({ queryKey: ticketKeys.detail(id), queryFn: () => okOrThrow(fetchTicket(id)) });
export const orderForTicketQuery = (id: string) =>
  queryOptions({ queryKey: ticketKeys.order(id), queryFn: () => okOrThrow(fetchOrderForTicket(id)) });

/** One page of tickets; fetched again when any ticket changes (new ticket, reply, close). */
export function useTicketList() {
  const list = usePagedQuery(ticketsQuery);
  useSocketEvent('ticket:updated', (ticket) => {
    // Show the change at once, then fetch again so order and paging follow the server.
    void updateQueries<TicketList>(ticketKeys.lists(), (answer) => ({
      ...answer,
      supports: answer.supports.map((t) => (t.id === ticket.id ? { ...t, ...ticket, texts: t.texts } : t)),
    }));
    void refreshQueries(ticketKeys.lists());
  });
  return list;
}

/** A ticket from an answer or a push onto the cached conversation, keeping every message already shown. */
export function applyTicket(ticket: TicketDto): void {
  void updateQueries<TicketAnswer>(ticketKeys.detail(ticket.id), (answer) => ({
    ...answer,
    support: { ...answer.support, ...ticket, texts: mergeMessages(answer.support.texts ?? [], ticket.texts ?? []) },
  }));
}

/** One conversation, kept live from ticket:message / ticket:updated pushes. */
export function useTicket(id: string) {
  const query = useQuery(ticketQuery(id));
  useSocketEvent('ticket:message', ({ ticketId, message }) => {
    if (ticketId !== id) return;
    void updateQueries<TicketAnswer>(ticketKeys.detail(id), (answer) => ({
      ...answer,
      support: { ...answer.support, texts: mergeMessages(answer.support.texts ?? [], [message]) },
    }));
  });
  useSocketEvent('ticket:updated', (ticket) => {
    if (ticket.id === id) applyTicket(ticket);
  });
  // The order the ticket is about, kept current from `order:updated` (the admins' room gets every order).
  useSocketEvent('order:updated', (update) => {
    if (query.data?.support.order?.id !== update.id) return;
    void updateQueries<TicketAnswer>(ticketKeys.detail(id), (answer) => {
      const order = answer.support.order;
      if (!order || order.id !== update.id) return answer;
      const changed = {
        ...order,
        status: update.status,
        pm_id: update.pm_id,
        amount: update.data.amount,
        pm_amount: update.pm_amount,
        wallet: update.data.wallet,
      };
      return { ...answer, support: { ...answer.support, order: changed } };
    });
  });
  return query;
}

/**
 * A ticket picture as an object URL (the API wants the token in a header, so an <img> cannot fetch it itself).
 * Kept for the session: a picture never changes; the URL is released when the query is dropped.
 */
export const ticketPictureQuery = (path: string) =>
  queryOptions({
    queryKey: ticketKeys.picture(path),
    queryFn: async () => {
      const answer = await api.blob(path);
      if (!(answer instanceof Blob)) throw new ApiFailure(answer);
      return URL.createObjectURL(answer);
    },
    staleTime: Infinity,
  });

export const useTicketPicture = (path: string, enabled = true) => useQuery({ ...ticketPictureQuery(path), enabled });

if (typeof window !== 'undefined') {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed' || event.query.queryKey[1] !== 'picture') return;
    const url = event.query.state.data;
    if (typeof url === 'string') URL.revokeObjectURL(url);
  });
}

type GuestAnswer = { support: TicketDto | null };

/** A guest writes about their order from its page: the first words open its ticket, the next ones answer in it. */
export async function writeAsGuest(orderId: string, text: string, lang: TicketLanguage) {
  const captcha = await getCaptcha();
  return api.post<GuestAnswer>(`/orders/${encodeURIComponent(orderId)}/support`, { captcha, support: { text, lang } });
}

export const guestTicketQuery = (orderId: string) =>
  queryOptions({
    queryKey: ticketKeys.guest(orderId),
    queryFn: () => okOrThrow(api.get<GuestAnswer>(`/orders/${encodeURIComponent(orderId)}/support`)),
    // An order of an account is asked about from it: that answer does not change on a retry.
    retry: false,
  });

/** A guest's answer (from a send or a push) onto the cached conversation, keeping every message already shown. */
export function applyGuestTicket(orderId: string, ticket: TicketDto): void {
  queryClient.setQueryData<GuestAnswer>(ticketKeys.guest(orderId), (answer) => {
    const current = answer?.support;
    if (!current || current.id !== ticket.id) return { support: ticket };
    return { support: { ...current, ...ticket, texts: mergeMessages(current.texts ?? [], ticket.texts ?? []) } };
  });
}

/**
 * The guest's conversation about an order, live: the order page watches the order's room, where the shop's answers
 * to a guest's ticket arrive (decision 282).
 */
export function useGuestTicket(orderId: string) {
  const query = useQuery(guestTicketQuery(orderId));
  const ticketId = query.data?.support?.id;
  useSocketEvent('ticket:message', ({ ticketId: id, message }) => {
    if (id !== ticketId) return;
    queryClient.setQueryData<GuestAnswer>(ticketKeys.guest(orderId), (answer) =>
      answer?.support
        ? { support: { ...answer.support, texts: mergeMessages(answer.support.texts ?? [], [message]) } }
        : answer,
    );
  });
  useSocketEvent('ticket:updated', (ticket) => {
    if (ticket.id === ticketId) applyGuestTicket(orderId, ticket);
  });
  return query;
}

/** The order a new ticket is about (none without an id). */
export const useOrderForTicket = (id: string | undefined) =>
  useQuery({ ...orderForTicketQuery(id ?? ''), enabled: Boolean(id) });
