// GET /orders/all, GET /orders/{id}, POST /orders/{productId}, PATCH /orders/{id} (product.md §7, §7.2).
import type { Request, RequestHandler } from 'express';
import { Router } from 'express';
import type { OrderView } from '#shared/api-types';
import { isProductId, productKind } from '#shared/constants';
import {
  idParamSchema,
  latePaymentBodySchema,
  orderPatchBodySchema,
  orderStaffStepBodySchema,
  pageQuerySchema,
  placeOrderBodySchemas,
  VALIDATION_KEYS,
  type OrderCommand,
} from '#shared/schemas';
import { dhakaDate } from '#shared/dhaka';
import { settleVerificationBodySchema } from '#shared/sms/sms-api';
import { ORDER_CSV_COLUMNS, orderFilterSchema, orderListQuerySchema } from '#shared/order-filters';
import { errors } from '../http/app-error.js';
import { sendCsv } from '../http/csv.js';
import { sendJson } from '../http/etag.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import {
  currentStaff,
  currentUser,
  isStaff,
  optionalUser,
  requireAdmin,
  requireLogin,
  requireStaff,
} from '../security/guards.js';
import { idempotent, type IdempotencyStore } from '../http/idempotency.js';
import type { OrderListsService } from './order-lists.service.js';
import { orderErrors } from './order-errors.js';
import type { OrdersService } from './orders.service.js';

/** A malformed id cannot name an order: same 404 as an unknown one, before the body is looked at. */
function orderIdParam(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw orderErrors.notFound();
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
      return async () => ({
        text: 'Success',
        order: await orders.submitPayment(id, command.payment, customer, { ip: req.ip ?? null }),
      });
    }
    case 'cancelOrder': {
      const customer = optionalUser(req);
      return async () => ({ text: 'Success', order: await orders.cancelOrder(id, customer) });
    }
    case 'completeOrder': {
      const admin = currentStaff(req);
      return async () => ({
        text: 'Order Completed',
        order: await orders.completeOrder(id, admin, command.payoutTrxId, command.unverifiedReason),
      });
    }
    case 'cancelOrderAsAdmin': {
      const admin = currentStaff(req);
      return async () => ({ text: 'Order Cancelled', order: await orders.cancelOrderAsAdmin(id, admin, command) });
    }
    case 'correctPayoutWallet': {
      const customer = optionalUser(req);
      return async () => ({
        text: 'Success',
        order: await orders.correctPayoutWallet(id, command.wallet, command.confirm, customer),
      });
    }
    case 'reopenOrder': {
      const admin = currentStaff(req);
      return async () => ({ text: 'Order Reopened', order: await orders.reopenOrder(id, admin, command.reason) });
    }
  }
}

export function ordersRoutes(deps: {
  orders: OrdersService;
  lists: OrderListsService;
  idempotency: IdempotencyStore;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'orderCreate' | 'export'>;
}): Router {
  const { orders, lists, idempotency, captcha, limits } = deps;
  const router = Router();

  router.get('/orders/all', requireLogin, async (req, res) => {
    const viewer = currentUser(req);
    if (!isStaff(viewer)) {
      const { page } = parseInput(pageQuerySchema, { page: req.query.page });
      res.json({ ok: true, ...(await lists.listOrders(viewer, page)) });
      return;
    }
    // The admin: the live queue without filters, the history with them.
    const { page, ...filter } = parseInput(orderListQuerySchema, req.query);
    res.json({ ok: true, ...(await lists.listOrders(viewer, page, filter)) });
  });

  // Before /orders/:id, which would read "export.csv" as an id.
  router.get('/orders/export.csv', requireAdmin, ...limits.export, async (req, res) => {
    const filter = parseInput(orderFilterSchema, req.query);
    await sendCsv(res, `orders-${dhakaDate(new Date())}.csv`, ORDER_CSV_COLUMNS, lists.exportRows(filter));
  });

  router.get('/orders/:id', async (req, res) => {
    const order = await orders.expireIfDue(orderIdParam(req.params.id), optionalUser(req));
    res.json({ ok: true, text: 'Success', order });
  });

  router.post(
    '/orders/:productId',
    ...limits.orderCreate,
    idempotent(idempotency, (req) => {
      const productId = req.params.productId;
      if (typeof productId !== 'string' || !isProductId(productId))
        throw errors.validation('Unknown product', { product_id: VALIDATION_KEYS.invalid });
      const body = parseInput(placeOrderBodySchemas[productKind(productId)], req.body);
      const customer = optionalUser(req);
      return {
        // The captcha is not part of what makes a retry the same request.
        fingerprint: [productId, body.order],
        run: async () => {
          await captcha.verify(body.captcha);
          // The order's language (its mails): what the client asks answers in, English when it says nothing.
          const lang = req.acceptsLanguages('en', 'bn') === 'bn' ? 'bn' : 'en';
          const id = await orders.placeOrder(productId, body.order, customer, { ip: req.ip ?? null, lang });
          return { status: 201, body: { ok: true, id, text: 'Order created' } };
        },
      };
    }),
  );

  router.patch('/orders/:id', ...limits.write, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(orderPatchBodySchema, req.body);
    const runCommand = authorizeCommand(orders, req, id, body.order);
    await captcha.verify(body.captcha);
    const { text, order } = await runCommand();
    res.json({ ok: true, text, order });
  });

  // A timed-out top-up's "paid late" claim; holding the id is the right, like paying.
  router.post('/orders/:id/late-payment', ...limits.write, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(latePaymentBodySchema, req.body);
    await captcha.verify(body.captcha);
    const order = await orders.claimLatePayment(id, body.pm_id, optionalUser(req));
    res.json({ ok: true, text: 'Success', order });
  });

  // Staff settle a held verification by hand (decision 145): accept (verified by hand) or reject.
  router.post('/orders/:id/verification', ...limits.write, requireStaff, async (req, res) => {
    const staff = currentStaff(req);
    const id = orderIdParam(req.params.id);
    const body = parseInput(settleVerificationBodySchema, req.body);
    await captcha.verify(body.captcha);
    const order = await orders.settleVerification(id, body.decision, body.reason, staff);
    res.json({ ok: true, text: body.decision === 'accept' ? 'Payment Accepted' : 'Payment Rejected', order });
  });

  // Claims and the four-eyes approval: staff only (operators included), each audited.
  router.post('/orders/:id/claim', ...limits.write, requireStaff, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(orderStaffStepBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, order: await orders.claimOrder(id, currentStaff(req)) });
  });

  router.delete('/orders/:id/claim', ...limits.write, requireStaff, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(orderStaffStepBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    res.json({ ok: true, order: await orders.releaseOrder(id, currentStaff(req)) });
  });

  router.post('/orders/:id/approve', ...limits.write, requireStaff, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(orderStaffStepBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, order: await orders.approveOrder(id, currentStaff(req)) });
  });

  return router;
}

/**
 * GET /orders/{id}, the order page every waiting customer polls (decision 081), mounted ahead of the API's
 * own middleware like the public snapshot's routes: it authenticates the caller and holds staff without their second
 * factor itself (the same 401 and 403 as anywhere), then answers the kept view of the caller's audience with its
 * ETag (304 when the poller has it). Anything that is not an order id (`all`, `export.csv`, a malformed id) goes on
 * to the API router, which answers it as before.
 */
export function orderPageRoutes(deps: {
  orders: OrdersService;
  authenticate: RequestHandler;
  twoFactorGate: RequestHandler;
}): Router {
  const router = Router();
  router.get(
    '/orders/:id',
    (req, _res, next) =>
      next(req.params.id !== 'all' && idParamSchema.safeParse(req.params.id).success ? undefined : 'router'),
    deps.authenticate,
    deps.twoFactorGate,
    async (req, res) => {
      const answer = await deps.orders.orderPage(orderIdParam(req.params.id), optionalUser(req));
      res.vary('Authorization');
      sendJson(req, res, answer, 'private, no-cache', true);
    },
  );
  return router;
}
