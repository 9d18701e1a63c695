// GET /supports/all, GET /supports/{id}, POST /supports, PATCH /supports/{id} (product.md §10.1); pictures in messages
// (decision 022): POST /supports/{id}/pictures, GET /supports/{id}/pictures/{messageId}; a guest's support about their
// order (decision 282): GET and POST /orders/{id}/support.
import { Router } from 'express';
import {
  createTicketBodySchema,
  guestTicketBodySchema,
  idParamSchema,
  pageQuerySchema,
  ticketPatchBodySchema,
  ticketPictureFormSchema,
  ticketPictureQuerySchema,
} from '#shared/schemas';
import { ImageBusyError, receiveImageUpload, sendMedia } from '../media/index.js';
import type { Logger } from '../logger.js';
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

/** A malformed order id names no order: the order's 404. */
function orderId(raw: unknown): string {
  const parsed = idParamSchema.safeParse(raw);
  if (!parsed.success) throw ticketErrors.orderNotFound();
  return parsed.data;
}

/** A malformed message id names no picture: the picture's 404. */
function messageId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw ticketErrors.pictureNotFound();
  return Number(raw);
}

export function ticketsRoutes(deps: {
  tickets: TicketsService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'upload' | 'poll'>;
  logger: Logger;
}): Router {
  const { tickets, captcha, limits, logger } = deps;
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
    const support =
      'status' in body.support
        ? await tickets.closeTicket(me, id)
        : await tickets.replyToTicket(me, id, body.support.text);
    res.json({ ok: true, support });
  });

  // The ticket (owner or staff, open) is checked before the picture is decoded; 201 with the conversation.
  router.post('/supports/:id/pictures', requireLogin, ...limits.write, ...limits.upload, async (req, res) => {
    const id = ticketId(req.params.id);
    const upload = await receiveImageUpload(req, res, ticketPictureFormSchema);
    await captcha.verify(upload.captcha);
    const support = await tickets
      .sendPicture(currentUser(req), id, upload.file, upload.fields.text)
      .catch((error: unknown) => {
        if (error instanceof ImageBusyError) res.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
    res.status(201).json({ ok: true, support });
  });

  router.get('/supports/:id/pictures/:messageId', requireLogin, ...limits.poll, async (req, res) => {
    const id = ticketId(req.params.id);
    const { size } = parseInput(ticketPictureQuerySchema, req.query);
    const picture = await tickets.readPicture(currentUser(req), id, messageId(req.params.messageId), size);
    // Private: a shared cache must never keep another person's screenshot; the browser may, for this session.
    await sendMedia(req, res, picture, {
      cacheControl: 'private, max-age=86400, immutable',
      notFound: ticketErrors.pictureNotFound,
      logger,
    });
  });

  // A guest's support about their order (decision 282): holding the order's id is the right, as for its page. An
  // order of an account answers 403 (its owner asks from the account).
  router.get('/orders/:id/support', ...limits.poll, async (req, res) => {
    res.json({ ok: true, support: await tickets.guestTicket(orderId(req.params.id)) });
  });

  router.post('/orders/:id/support', ...limits.write, async (req, res) => {
    const id = orderId(req.params.id);
    const body = parseInput(guestTicketBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, support: await tickets.writeAsGuest(id, body.support) });
  });

  return router;
}
