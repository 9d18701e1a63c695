// Canned replies of the support chat, admin only; writes carry a captcha.
//   GET    /replies → {ok, replies[]}                                         (by title)
//   POST   /replies {captcha, reply:{title, text_en, text_bn}} → 201 {ok, reply}
//   PATCH  /replies/{id} {captcha, reply:{title, text_en, text_bn}} → {ok, reply}
//   DELETE /replies/{id} {captcha} → {ok}
import { Router } from 'express';
import { replyBodySchema, replyDeleteBodySchema } from '#shared/replies';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin, requireStaff } from '../security/guards.js';
import type { RepliesService } from './replies.service.js';
import { ticketErrors } from './tickets-errors.js';

/** A malformed id cannot name a reply: the same 404 as an unknown one. */
function replyId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw ticketErrors.replyNotFound();
  return Number(raw);
}

export function repliesRoutes(deps: {
  replies: RepliesService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write'>;
}): Router {
  const { replies, captcha, limits } = deps;
  const router = Router();

  // The admin's screens read the list often; it shares the write budget per address (120 a minute).
  router.get('/replies', ...limits.write, requireStaff, async (_req, res) => {
    res.json({ ok: true, replies: await replies.listReplies() });
  });

  router.post('/replies', ...limits.write, requireAdmin, async (req, res) => {
    const body = parseInput(replyBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.status(201).json({ ok: true, reply: await replies.createReply(body.reply, currentAdmin(req)) });
  });

  router.patch('/replies/:id', ...limits.write, requireAdmin, async (req, res) => {
    const id = replyId(req.params.id);
    const body = parseInput(replyBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, reply: await replies.updateReply(id, body.reply, currentAdmin(req)) });
  });

  router.delete('/replies/:id', ...limits.write, requireAdmin, async (req, res) => {
    const id = replyId(req.params.id);
    const body = parseInput(replyDeleteBodySchema, req.body);
    await captcha.verify(body.captcha);
    await replies.deleteReply(id, currentAdmin(req));
    res.json({ ok: true });
  });

  return router;
}
