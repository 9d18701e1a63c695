// The shop's blocklist (decision 210), admin only; writes carry a captcha and are audited.
//   GET    /blocklist → {ok, entries}
//   POST   /blocklist {captcha, entry:{kind, value, reason}} → 201 {ok, entry}
//   DELETE /blocklist/{id} {captcha} → {ok}
import { Router } from 'express';
import { blocklistDeleteBodySchema, blocklistPostBodySchema } from '#shared/money-controls';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin } from '../security/guards.js';
import { blocklistErrors, type BlocklistService } from './blocklist.service.js';

/** A malformed id cannot name an entry: the same 404 as an unknown one. */
function entryId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw blocklistErrors.notFound();
  return Number(raw);
}

export function blocklistRoutes(deps: {
  blocklist: BlocklistService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write'>;
}): Router {
  const { blocklist, captcha, limits } = deps;
  const router = Router();

  router.get('/blocklist', ...limits.write, requireAdmin, async (_req, res) => {
    res.json({ ok: true, entries: await blocklist.listEntries() });
  });

  router.post('/blocklist', ...limits.write, requireAdmin, async (req, res) => {
    const body = parseInput(blocklistPostBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.status(201).json({ ok: true, entry: await blocklist.addEntry(body.entry, currentAdmin(req)) });
  });

  router.delete('/blocklist/:id', ...limits.write, requireAdmin, async (req, res) => {
    const id = entryId(req.params.id);
    const body = parseInput(blocklistDeleteBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    await blocklist.removeEntry(id, currentAdmin(req));
    res.json({ ok: true });
  });

  return router;
}
