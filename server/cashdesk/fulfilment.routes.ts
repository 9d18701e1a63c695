// The staff's side of the deliveries at the cash desk (decision 265):
//   POST /orders/{id}/fulfilment {captcha, action: confirm|deny|retry, reason} → {ok, order}   (staff; audited, on the
//        timeline, pushed): confirm/deny an operation whose outcome is unknown, retry a refused one
//   GET  /cashdesks/{currency}/operations?page= → {ok, operations[], page, pages}                (staff)
import { Router } from 'express';
import Decimal from 'decimal.js';
import { deskCurrencyParamSchema, fulfilmentDecisionBodySchema, type DeskOperationDto } from '#shared/fulfilment';
import { idParamSchema, pageQuerySchema } from '#shared/schemas';
import { errors } from '../http/app-error.js';
import { pageCount } from '../http/paging.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { AnyTransaction } from '../db/database.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentStaff, requireStaff } from '../security/guards.js';
import type { UserRecord } from '../security/user-record.js';
import { LIMITS } from '#shared/constants';
import type { FulfilmentEngine } from './fulfilment.js';
import type { FulfilmentRepository, OperationRow } from './fulfilment.repository.js';

const money = (v: string | null) => (v === null ? null : Number(new Decimal(v).toFixed(2)));

export function toDeskOperationDto(op: OperationRow): DeskOperationDto {
  return {
    id: op.id,
    kind: op.kind,
    order_id: op.orderId,
    amount: money(op.amount),
    limit_before: money(op.limitBefore),
    limit_after: money(op.limitAfter),
    status: op.status,
    message: op.message,
    at: Math.floor(op.at.getTime() / 1000),
  };
}

export function fulfilmentRoutes(deps: {
  /** Null when no desk API is configured: nothing was ever delivered, so there is nothing to decide. */
  engine: Pick<FulfilmentEngine, 'decide'> | null;
  operations: Pick<FulfilmentRepository, 'listOperations'>;
  /**
   * The orders domain's timeline entry (announced: live, pushed) with the staff member's audit entry and the
   * decision's own write (`change`), in one transaction; false when the order is not there.
   */
  recordDecision: (
    orderId: string,
    note: string,
    staff: UserRecord,
    after: { action: string; reason: string },
    change: (tx: AnyTransaction) => Promise<void>,
  ) => Promise<boolean>;
  /** The order as the staff see it, after the decision. */
  staffView: (orderId: string) => Promise<unknown>;
  captcha: CaptchaVerifier;
  limits: RateLimits;
}) {
  const { captcha, limits } = deps;
  const router = Router();

  router.post('/orders/:id/fulfilment', ...limits.write, requireStaff, async (req, res) => {
    const staff = currentStaff(req);
    const id = idParamSchema.safeParse(req.params.id);
    if (!id.success) throw errors.notFound('errors.orderNotFound', 'Order not found');
    const body = parseInput(fulfilmentDecisionBodySchema, req.body);
    await captcha.verify(body.captcha);
    const note = `${body.action}: ${body.reason}`;
    const after = { action: body.action, reason: body.reason };
    const outcome = deps.engine
      ? await deps.engine.decide(id.data, body.action, (change) =>
          deps.recordDecision(id.data, note, staff, after, change),
        )
      : 'conflict';
    if (outcome !== 'done')
      throw errors.conflict('errors.fulfilmentState', 'This delivery cannot be decided that way now');
    res.json({ ok: true, text: 'Success', order: await deps.staffView(id.data) });
  });

  router.get('/cashdesks/:currency/operations', requireStaff, ...limits.report, async (req, res) => {
    const currency = deskCurrencyParamSchema.safeParse(req.params.currency);
    if (!currency.success) throw errors.notFound();
    const { page } = parseInput(pageQuerySchema, req.query);
    const { operations, total } = await deps.operations.listOperations(currency.data, page);
    res.json({
      ok: true,
      operations: operations.map(toDeskOperationDto),
      page,
      pages: pageCount(total, LIMITS.pageSize),
    });
  });

  return router;
}
