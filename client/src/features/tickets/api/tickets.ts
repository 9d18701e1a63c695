// Support ticket calls (spec §7) and the hooks that keep a list or a conversation live (design §7).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { PublicOrderDto, TicketDto, TicketMessageDto } from '#shared/api-types';
import type { TicketLanguage, TicketSubject } from '#shared/constants';
import type { newTicketTextSchema } from '#shared/schemas';
import { api, type ApiAnswer } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { useOnReconnect, useSocketEvent } from '../../../lib/socket';

export type NewTicketInput = {
  subject: TicketSubject;
  text: z.output<typeof newTicketTextSchema>;
  /** The customer's own order the ticket is about (issue 10). */
  order_id?: string;
  /** The customer's interface language: canned replies are inserted in it (decision 117). */
  lang: TicketLanguage;
};

export const fetchTickets = (page: number) => api.get<{ supports: TicketDto[]; pages: number }>('/supports/all', { page });
export const fetchTicket = (id: string) => api.get<{ support: TicketDto }>(`/supports/${encodeURIComponent(id)}`);

/** The order a new ticket is about (the public view: the customer holds its id). */
export const fetchOrderForTicket = (id: string) => api.get<{ order: PublicOrderDto }>(`/orders/${encodeURIComponent(id)}`);

export async function openTicket(support: NewTicketInput) {
  const captcha = await getCaptcha();
  return api.post<{ id: string }>('/supports', { captcha, support });
}

export async function replyToTicket(id: string, text: string) {
  const captcha = await getCaptcha();
  return api.patch<{ support: TicketDto }>(`/supports/${encodeURIComponent(id)}`, { captcha, support: { text } });
}

export async function closeTicket(id: string) {
  const captcha = await getCaptcha();
  return api.patch<{ support: TicketDto }>(`/supports/${encodeURIComponent(id)}`, { captcha, support: { status: 'close' } });
}

/** Adds messages not yet shown (a reply may come back both in the PATCH answer and as a push), in time order. */
export function mergeMessages(current: TicketMessageDto[], incoming: TicketMessageDto[]): TicketMessageDto[] {
  const known = new Set(current.map((m) => m.id));
  const added = incoming.filter((m) => !known.has(m.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => a.time - b.time || a.id - b.id);
}

type ListState = { status: 'loading' } | { status: 'error'; failure: ApiAnswer<unknown> } | { status: 'ready'; tickets: TicketDto[]; pages: number };

/** One page of tickets; re-fetched when any ticket changes (new ticket, reply, close) and after a reconnect. */
export function useTicketList(page: number) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    const answer = await fetchTickets(page);
    if (call !== latest.current) return;
    setState(answer.ok ? { status: 'ready', tickets: answer.supports, pages: answer.pages } : { status: 'error', failure: answer });
  }, [page]);

  useEffect(() => {
    setState({ status: 'loading' });
    void load();
  }, [load]);

  useSocketEvent('ticket:updated', (ticket) => {
    // Show the change at once, then re-fetch so order and paging follow the server.
    setState((s) => (s.status === 'ready' ? { ...s, tickets: s.tickets.map((t) => (t.id === ticket.id ? { ...t, ...ticket, texts: t.texts } : t)) } : s));
    void load();
  });
  useOnReconnect(() => void load());

  return { state, reload: load };
}

type TicketState = { status: 'loading' } | { status: 'error'; failure: ApiAnswer<unknown> } | { status: 'ready'; ticket: TicketDto };

/** One conversation, kept live from ticket:message / ticket:updated pushes. */
export function useTicket(id: string) {
  const [state, setState] = useState<TicketState>({ status: 'loading' });

  const load = useCallback(async () => {
    const answer = await fetchTicket(id);
    setState(answer.ok ? { status: 'ready', ticket: answer.support } : { status: 'error', failure: answer });
  }, [id]);

  useEffect(() => {
    setState({ status: 'loading' });
    void load();
  }, [load]);

  /** Applies a ticket from an answer or a push, keeping every message already shown. */
  const applyTicket = useCallback((ticket: TicketDto) => {
    setState((s) => {
      if (s.status !== 'ready' || s.ticket.id !== ticket.id) return s;
      const texts = mergeMessages(s.ticket.texts ?? [], ticket.texts ?? []);
      return { status: 'ready', ticket: { ...s.ticket, ...ticket, texts } };
    });
  }, []);

  useSocketEvent('ticket:message', ({ ticketId, message }) => {
    setState((s) => {
      if (s.status !== 'ready' || s.ticket.id !== ticketId) return s;
      return { status: 'ready', ticket: { ...s.ticket, texts: mergeMessages(s.ticket.texts ?? [], [message]) } };
    });
  });
  useSocketEvent('ticket:updated', (ticket) => {
    if (ticket.id === id) applyTicket(ticket);
  });
  useOnReconnect(() => void load());

  return { state, applyTicket };
}
