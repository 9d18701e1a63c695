// GET /supports/all, GET /supports/{id}, POST /supports, PATCH /supports/{id} (spec §7).
import { Router } from 'express';
import { createTicketBodySchema, idParamSchema, pageQuerySchema, ticketPatchBodySchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentUser, requireCustomer, requireLogin } from '../security/guards.js';
import type { TicketsService } from './tickets.service.js';
import { ticketErrors } from './tickets-errors.js';

/** A malformed id cannot name a ticket: same 404 as an unknown one. */
function ticketId(raw: unknown): string {
  const parsed = idParamSchema.safeParse(raw);
  if (!parsed.success) throw ticketErrors.ticketNotFound();
  return parsed.data;
}

export function ticketsRoutes(deps: { tickets: TicketsService; captcha: CaptchaVerifier; limits: Pick<RateLimits, 'write'> }): Router {
  const { tickets, captcha, limits } = deps;
  const router = Router();

  // Registered before /supports/:id so that 'all' is never taken for an id.
  router.get('/supports/all', requireLogin, async (req, res) => {
    const { page } = parseInput(pageQuerySchema, req.query);
    res.json({ ok: true, ...(await tickets.listTickets(currentUser(req), page)) });
  });

  router.get('/supports/:id', requireLogin, async (req, res) => {
    const support = await tickets.getTicket(currentUser(req), ticketId(req.params.id));
    res.json({ ok: true, support });
  });

  router.post('/supports', requireCustomer, ...limits.write, async (req, res) => {
    const body = parseInput(createTicketBodySchema, req.body);
    await captcha.verify(body.captcha);
    const id = await tickets.openTicket(currentUser(req), body.support);
    res.status(201).json({ ok: true, id, text: 'Ticket created' });
  });

  router.patch('/supports/:id', requireLogin, ...limits.write, async (req, res) => {
    const id = ticketId(req.params.id);
    const body = parseInput(ticketPatchBodySchema, req.body);
    await captcha.verify(body.captcha);
    const me = currentUser(req);
    const support = 'status' in body.support ? await tickets.closeTicket(me, id) : await tickets.replyToTicket(me, id, body.support.text);
    res.json({ ok: true, support });
  });

  return router;
}
