// GET /orders/all, GET /orders/{id}, POST /orders/{productId}, PATCH /orders/{id} (spec §7, design §6).
import crypto from 'node:crypto';
import type { Request } from 'express';
import { Router } from 'express';
import type { OrderView } from '#shared/api-types';
import { isProductId, productKind } from '#shared/constants';
import {
  idParamSchema,
  latePaymentBodySchema,
  orderPatchBodySchema,
  pageQuerySchema,
  placeOrderBodySchemas,
  VALIDATION_KEYS,
  type OrderCommand,
} from '#shared/schemas';
import { dhakaDate } from '#shared/dhaka';
import { ORDER_CSV_COLUMNS, orderFilterSchema, orderListQuerySchema } from '#shared/order-filters';
import { AppError, errors } from '../http/app-error.js';
import { sendCsv } from '../http/csv.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentStaff, currentUser, isStaff, optionalUser, requireAdmin, requireLogin } from '../security/guards.js';
import type { IdempotencyRepository } from './idempotency.repository.js';
import type { OrdersService } from './orders.service.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** A malformed id cannot name an order: same 404 as an unknown one, before the body is looked at. */
function orderIdParam(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw errors.notFound('errors.orderNotFound', 'Can not get order data from server');
  return id.data;
}

type CommandRun = () => Promise<{ text: string; order: OrderView }>;

/**
 * Who may send the command, checked now (admin commands: no token 401, another role 403 -10033), and the use
 * case it runs once the captcha is verified. Customer commands need no token: holding the id is the right
 * (decision 011); a token only names the actor in the event.
 */
function authorizeCommand(orders: OrdersService, req: Request, id: string, command: OrderCommand): CommandRun {
  switch (command.name) {
    case 'submitPayment': {
      const customer = optionalUser(req);
      return async () => ({ text: 'Success', order: await orders.submitPayment(id, command.payment, customer) });
    }
    case 'cancelOrder': {
      const customer = optionalUser(req);
      return async () => ({ text: 'Success', order: await orders.cancelOrder(id, customer) });
    }
    case 'completeOrder': {
      const admin = currentStaff(req);
      return async () => ({ text: 'Order Completed', order: await orders.completeOrder(id, admin, command.payoutTrxId) });
    }
    case 'cancelOrderAsAdmin': {
      const admin = currentStaff(req);
      return async () => ({ text: 'Order Cancelled', order: await orders.cancelOrderAsAdmin(id, admin, command) });
    }
    case 'reopenOrder': {
      const admin = currentStaff(req);
      return async () => ({ text: 'Order Reopened', order: await orders.reopenOrder(id, admin, command.reason) });
    }
  }
}

export function ordersRoutes(deps: {
  orders: OrdersService;
  idempotency: IdempotencyRepository;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'orderCreate' | 'export'>;
}): Router {
  const { orders, idempotency, captcha, limits } = deps;
  const router = Router();

  router.get('/orders/all', requireLogin, async (req, res) => {
    const viewer = currentUser(req);
    if (!isStaff(viewer)) {
      const { page } = parseInput(pageQuerySchema, { page: req.query.page });
      res.json({ ok: true, ...(await orders.listOrders(viewer, page)) });
      return;
    }
    // The admin: the live queue without filters, the history with them (issue 10).
    const { page, ...filter } = parseInput(orderListQuerySchema, req.query);
    res.json({ ok: true, ...(await orders.listOrders(viewer, page, filter)) });
  });

  // Before /orders/:id, which would read "export.csv" as an id.
  router.get('/orders/export.csv', requireAdmin, ...limits.export, async (req, res) => {
    const filter = parseInput(orderFilterSchema, req.query);
    await sendCsv(res, `orders-${dhakaDate(new Date())}.csv`, ORDER_CSV_COLUMNS, orders.exportRows(filter));
  });

  router.get('/orders/:id', async (req, res) => {
    const order = await orders.expireIfDue(orderIdParam(req.params.id), optionalUser(req));
    res.json({ ok: true, text: 'Success', order });
  });

  router.post('/orders/:productId', ...limits.orderCreate, async (req, res) => {
    const productId = req.params.productId;
    if (typeof productId !== 'string' || !isProductId(productId)) throw errors.validation('Unknown product', { product_id: VALIDATION_KEYS.invalid });
    const body = parseInput(placeOrderBodySchemas[productKind(productId)], req.body);
    const customer = optionalUser(req);
    const place = async () => {
      await captcha.verify(body.captcha);
      const id = await orders.placeOrder(productId, body.order, customer);
      return { ok: true, id, text: 'Order created' };
    };
    // Retries never double an order (decision 074): the same key and body get the first answer, looked up before
    // the captcha (a retry carries the same, already used, solution); the captcha is not part of the body's hash.
    const rawKey = req.get('Idempotency-Key');
    if (rawKey === undefined) {
      res.status(201).json(await place());
      return;
    }
    if (!IDEMPOTENCY_KEY.test(rawKey)) throw errors.validation('Idempotency-Key: 8-100 letters, digits, - or _', { idempotency_key: VALIDATION_KEYS.invalid });
    const owner = customer ? `user:${customer.id}` : 'guest';
    const bodyHash = crypto.createHash('sha256').update(JSON.stringify([productId, body.order])).digest('hex');
    const claim = await idempotency.claim(owner, rawKey, bodyHash);
    if (claim.outcome === 'existing') {
      if (claim.bodyHash !== bodyHash) {
        throw new AppError(422, 'errors.idempotencyMismatch', 'This Idempotency-Key was already used with another order');
      }
      if (!claim.answer) {
        res.set('Retry-After', '1');
        throw errors.conflict('errors.idempotencyInProgress', 'The order with this Idempotency-Key is still being placed');
      }
      res.set('Idempotent-Replayed', 'true').status(claim.answer.status).json(claim.answer.body);
      return;
    }
    let answer;
    try {
      answer = await place();
    } catch (error) {
      await idempotency.release(owner, rawKey);
      throw error;
    }
    await idempotency.complete(owner, rawKey, 201, answer);
    res.status(201).json(answer);
  });

  router.patch('/orders/:id', ...limits.write, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(orderPatchBodySchema, req.body);
    const runCommand = authorizeCommand(orders, req, id, body.order);
    await captcha.verify(body.captcha);
    const { text, order } = await runCommand();
    res.json({ ok: true, text, order });
  });

  // A timed-out top-up's "paid late" claim (issue 9 rule 4); holding the id is the right, like paying.
  router.post('/orders/:id/late-payment', ...limits.write, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(latePaymentBodySchema, req.body);
    await captcha.verify(body.captcha);
    const order = await orders.claimLatePayment(id, body.pm_id, optionalUser(req));
    res.json({ ok: true, text: 'Success', order });
  });

  return router;
}
