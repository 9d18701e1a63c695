// Socket.IO on the same port (design §7): authenticated handshake, rooms from database facts, typed pushes
// that services call after their database commit. With Redis the adapter carries pushes between instances.
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime';
import { ROOMS } from '#shared/realtime';
import type { HomeOrderDto, OrderDto, TicketDto, TicketMessageDto } from '#shared/api-types';
import { idParamSchema } from '#shared/schemas';
import { toPublicOrderView } from '#shared/order-view';
import type { SilentDevicesPayload, SmsDto } from '#shared/sms/sms-api';
import type { Logger } from '../logger.js';
import { userForClaims } from '../security/authenticate.js';
import { verifyToken } from '../security/tokens.js';
import type { UserLookup } from '../security/user-record.js';

export interface Realtime {
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  orderUpdated(order: OrderDto): void;
  orderCreated(order: OrderDto): void;
  ticketMessage(ownerId: string, ticketId: string, message: TicketMessageDto): void;
  ticketUpdated(ticket: TicketDto): void;
  adminOnline(online: boolean): void;
  homeOrders(orders: HomeOrderDto[]): void;
  smsReceived(sms: SmsDto): void;
  devicesSilent(payload: SilentDevicesPayload): void;
  close(): Promise<void>;
}

interface SocketData {
  userId?: string;
  role?: string;
}

function isAllowedOrigin(req: IncomingMessage, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser page: nothing cross-site to defend against
  try {
    const o = new URL(origin);
    return o.host === req.headers.host || o.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

const EVENTS_PER_10S = 50;

export function createRealtime(
  httpServer: HttpServer,
  deps: {
    users: UserLookup;
    /** The orders domain's existence check: only an existing order's room can be joined. */
    orderExists: (id: string) => Promise<boolean>;
    jwtSecret: string;
    publicUrl: string;
    redis?: Redis;
    logger: Logger;
  },
): Realtime {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: '/socket.io',
    maxHttpBufferSize: 10_000,
    serveClient: false,
    allowRequest: (req, callback) => callback(null, isAllowedOrigin(req, deps.publicUrl)),
  });

  let subClient: Redis | undefined;
  if (deps.redis) {
    subClient = deps.redis.duplicate();
    io.adapter(createAdapter(deps.redis, subClient));
  }

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (token === undefined || token === null || token === '') return next();
    const claims = typeof token === 'string' ? verifyToken(deps.jwtSecret, token) : null;
    if (!claims) return next(new Error('unauthorized'));
    userForClaims(deps.users, claims).then(
      (user) => {
        socket.data.userId = user.id;
        socket.data.role = user.role;
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });

  io.on('connection', (socket) => {
    if (socket.data.userId) {
      void socket.join(ROOMS.user(socket.data.userId));
      if (socket.data.role === 'admin') void socket.join(ROOMS.admins);
    }
    let windowStart = Date.now();
    let count = 0;
    socket.use((_event, next) => {
      const now = Date.now();
      if (now - windowStart > 10_000) {
        windowStart = now;
        count = 0;
      }
      count += 1;
      if (count > EVENTS_PER_10S) return next(new Error('rate limited'));
      next();
    });
    socket.on('error', () => undefined);

    socket.on('order:watch', (orderId, ack) => {
      const parsed = idParamSchema.safeParse(orderId);
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!parsed.success) return reply({ error: 'errors.notFound' });
      const id = parsed.data;
      deps
        .orderExists(id)
        .then(async (exists) => {
          if (!exists) return reply({ error: 'errors.notFound' });
          await socket.join(ROOMS.order(id));
          reply({ data: true });
        })
        .catch((error: unknown) => {
          deps.logger.error('order:watch failed', error);
          reply({ error: 'errors.server' });
        });
    });
    socket.on('order:unwatch', (orderId) => {
      if (typeof orderId === 'string') void socket.leave(ROOMS.order(orderId));
    });
  });

  return {
    io,
    // Admins get the admin's view; the order's watchers and its owner the public one (issue 9: no SMS details).
    orderUpdated(order) {
      const rooms: string[] = [ROOMS.order(order.id)];
      if (order.user_id) rooms.push(ROOMS.user(order.user_id));
      io.to(rooms).except(ROOMS.admins).emit('order:updated', toPublicOrderView(order));
      io.to(ROOMS.admins).emit('order:updated', order);
    },
    orderCreated(order) {
      if (order.user_id) io.to(ROOMS.user(order.user_id)).except(ROOMS.admins).emit('order:created', toPublicOrderView(order));
      io.to(ROOMS.admins).emit('order:created', order);
    },
    smsReceived(sms) {
      io.to(ROOMS.admins).emit('sms:received', sms);
    },
    devicesSilent(payload) {
      io.to(ROOMS.admins).emit('devices:silent', payload);
    },
    ticketMessage(ownerId, ticketId, message) {
      io.to([ROOMS.user(ownerId), ROOMS.admins]).emit('ticket:message', { ticketId, message });
    },
    ticketUpdated(ticket) {
      io.to([ROOMS.user(ticket.user_id), ROOMS.admins]).emit('ticket:updated', ticket);
    },
    adminOnline(online) {
      io.emit('admin:online', { online });
    },
    homeOrders(orders) {
      io.emit('home:orders', orders);
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      subClient?.disconnect();
    },
  };
}
