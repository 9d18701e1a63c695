// GET /orders/all, GET /orders/{id}, POST /orders/{productId}, PATCH /orders/{id} (spec §7, design §6).
import { Router } from 'express';
import { isProductId, productKind } from '#shared/constants';
import {
  adminOrderUpdateSchema,
  createOrderBodySchema,
  customerCancelSchema,
  idParamSchema,
  orderPatchBodySchema,
  pageQuerySchema,
  submitTopupPaymentSchema,
  submitWithdrawPaymentSchema,
  topupOrderSchema,
  VALIDATION_KEYS,
  withdrawOrderSchema,
} from '#shared/schemas';
import { currentUser, requireLogin } from '../auth/guards.js';
import { errors } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { AppContext } from '../context.js';
import type { CustomerAction, OrdersService } from './orders.service.js';

function orderIdParam(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw errors.notFound('errors.orderNotFound', 'Can not get order data from server');
  return id.data;
}

export function ordersRoutes(ctx: AppContext, service: OrdersService): Router {
  const router = Router();

  router.get('/orders/all', requireLogin, async (req, res) => {
    const { page } = parseInput(pageQuerySchema, { page: req.query.page });
    const { orders, pages } = await service.listOrders(currentUser(req), page);
    res.json({ ok: true, orders, pages });
  });

  router.get('/orders/:id', async (req, res) => {
    const order = await service.getOrder(orderIdParam(req.params.id));
    res.json({ ok: true, text: 'Success', order });
  });

  router.post('/orders/:productId', ...ctx.limits.orderCreate, async (req, res) => {
    const body = parseInput(createOrderBodySchema, req.body);
    const productId = req.params.productId;
    if (typeof productId !== 'string' || !isProductId(productId)) throw errors.validation('Unknown product', { product_id: VALIDATION_KEYS.invalid });
    const input = productKind(productId) === 'topup' ? parseInput(topupOrderSchema.strict(), body.order) : parseInput(withdrawOrderSchema.strict(), body.order);
    await ctx.captcha.verify(body.captcha);
    const id = await service.placeOrder(productId, input, req.user ?? null);
    res.status(201).json({ ok: true, id, text: 'Order created' });
  });

  router.patch('/orders/:id', ...ctx.limits.write, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(orderPatchBodySchema, req.body);
    if ('status' in body.order) {
      // Only an admin sets a status.
      const admin = currentUser(req);
      if (admin.role !== 'admin') throw errors.adminOnly();
      const { status } = parseInput(adminOrderUpdateSchema.strict(), body.order);
      await ctx.captcha.verify(body.captcha);
      res.json({ ok: true, text: status === 'complete' ? 'Order Completed' : 'Order Cancelled', order: await service.actAsAdmin(id, status, admin) });
      return;
    }
    // A customer's action: holding the id is the right (docs/decisions/011-order-id-is-the-right.md).
    // Reading first: 404 for an unknown id, and an expired waiting order times out before anything else.
    const kind = await service.orderKind(id);
    let action: CustomerAction;
    if ('cancel' in body.order) {
      parseInput(customerCancelSchema.strict(), body.order);
      action = { kind: 'cancel' };
    } else if (kind === 'topup') {
      action = { kind: 'submitTopup', pmId: parseInput(submitTopupPaymentSchema.strict(), body.order).pm_id };
    } else {
      const w = parseInput(submitWithdrawPaymentSchema.strict(), body.order);
      action = { kind: 'submitWithdraw', onexId: w.onex_id, wCode: w.w_code };
    }
    await ctx.captcha.verify(body.captcha);
    res.json({ ok: true, text: 'Success', order: await service.actAsCustomer(id, action, req.user ?? null) });
  });

  return router;
}
