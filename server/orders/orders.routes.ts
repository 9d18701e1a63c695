// GET /orders/all, GET /orders/{id}, POST /orders/{productId}, PATCH /orders/{id} (spec §7, design §6).
import type { Request } from 'express';
import { Router } from 'express';
import type { OrderDto } from '#shared/api-types';
import { isProductId, productKind } from '#shared/constants';
import { toPublicOrderView } from '#shared/order-view';
import {
  idParamSchema,
  latePaymentBodySchema,
  orderPatchBodySchema,
  pageQuerySchema,
  placeOrderBodySchemas,
  VALIDATION_KEYS,
  type OrderCommand,
} from '#shared/schemas';
import { errors } from '../http/app-error.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, currentUser, optionalUser, requireLogin } from '../security/guards.js';
import type { OrdersService } from './orders.service.js';

/** A malformed id cannot name an order: same 404 as an unknown one, before the body is looked at. */
function orderIdParam(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw errors.notFound('errors.orderNotFound', 'Can not get order data from server');
  return id.data;
}

type CommandRun = () => Promise<{ text: string; order: OrderDto }>;

/**
 * Who may send the command, checked now (admin commands: no token 401, another role 403 -10033), and the use
 * case it runs once the captcha is verified. Customer commands need no token: holding the id is the right
 * (decision 011); a token only names the actor in the event.
 */
/** The admin's view for an admin, the public one for anyone else (issue 9: SMS details are the admin's). */
function viewFor(req: Request, order: OrderDto): OrderDto {
  return optionalUser(req)?.role === 'admin' ? order : toPublicOrderView(order);
}

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
      const admin = currentAdmin(req);
      return async () => ({ text: 'Order Completed', order: await orders.completeOrder(id, admin, command.payoutTrxId) });
    }
    case 'cancelOrderAsAdmin': {
      const admin = currentAdmin(req);
      return async () => ({ text: 'Order Cancelled', order: await orders.cancelOrderAsAdmin(id, admin) });
    }
    case 'reopenOrder': {
      const admin = currentAdmin(req);
      return async () => ({ text: 'Order Reopened', order: await orders.reopenOrder(id, admin, command.reason) });
    }
  }
}

export function ordersRoutes(deps: { orders: OrdersService; captcha: CaptchaVerifier; limits: Pick<RateLimits, 'write' | 'orderCreate'> }): Router {
  const { orders, captcha, limits } = deps;
  const router = Router();

  router.get('/orders/all', requireLogin, async (req, res) => {
    const { page } = parseInput(pageQuerySchema, { page: req.query.page });
    res.json({ ok: true, ...(await orders.listOrders(currentUser(req), page)) });
  });

  router.get('/orders/:id', async (req, res) => {
    const order = await orders.expireIfDue(orderIdParam(req.params.id));
    res.json({ ok: true, text: 'Success', order: viewFor(req, order) });
  });

  router.post('/orders/:productId', ...limits.orderCreate, async (req, res) => {
    const productId = req.params.productId;
    if (typeof productId !== 'string' || !isProductId(productId)) throw errors.validation('Unknown product', { product_id: VALIDATION_KEYS.invalid });
    const body = parseInput(placeOrderBodySchemas[productKind(productId)], req.body);
    await captcha.verify(body.captcha);
    const id = await orders.placeOrder(productId, body.order, optionalUser(req));
    res.status(201).json({ ok: true, id, text: 'Order created' });
  });

  router.patch('/orders/:id', ...limits.write, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(orderPatchBodySchema, req.body);
    const runCommand = authorizeCommand(orders, req, id, body.order);
    await captcha.verify(body.captcha);
    const { text, order } = await runCommand();
    res.json({ ok: true, text, order: viewFor(req, order) });
  });

  // A timed-out top-up's "paid late" claim (issue 9 rule 4); holding the id is the right, like paying.
  router.post('/orders/:id/late-payment', ...limits.write, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(latePaymentBodySchema, req.body);
    await captcha.verify(body.captcha);
    const order = await orders.claimLatePayment(id, body.pm_id, optionalUser(req));
    res.json({ ok: true, text: 'Success', order: viewFor(req, order) });
  });

  return router;
}
