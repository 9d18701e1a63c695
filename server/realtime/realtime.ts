// Socket.IO on the same port (product.md §12): authenticated handshake, rooms from database facts, typed pushes
// that services call after their database commit. With Redis the adapter carries pushes between instances.
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createAdapter as createClusterAdapter } from '@socket.io/cluster-adapter';
import { setupWorker } from '@socket.io/sticky';
import type { Redis } from 'ioredis';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime';
import { ROOMS } from '#shared/realtime';
import { isStaffRole } from '#shared/constants';
import type { AdminOrderDto, HomeOrderDto, PublicOrderDto, TicketDto, TicketMessageDto } from '#shared/api-types';
import { idParamSchema } from '#shared/schemas';
import type { CashdeskAlertPayload } from '#shared/cashdesk';
import type { LedgerGapPayload, SilentDevicesPayload, SmsDto } from '#shared/sms/sms-api';
import type { Logger } from '../logger.js';
import { userForClaims } from '../security/authenticate.js';
import { verifyToken } from '../security/tokens.js';
import type { UserLookup, UserRecord } from '../security/user-record.js';

/** Both views of one order: the full one goes to admins, the public one to watchers and the owner (decision 070). */
export interface OrderViews {
  full: AdminOrderDto;
  public: PublicOrderDto;
}

export interface Realtime {
  /** Sockets connected to this instance (the metrics' gauge). */
  socketCount(): number;
  /**
   * This process is one worker of a cluster (server/cluster.ts): its Socket.IO session ids name it, so the primary
   * routes a session to it, and without Redis the cluster adapter carries pushes between the workers.
   */
  joinCluster(sessionId: () => string, options: { clusterAdapter: boolean }): void;
  orderUpdated(order: OrderViews): void;
  orderCreated(order: OrderViews): void;
  /**
   * The user's token version changed (block, role change, password change or reset, logout): every socket of
   * theirs, on every instance (the adapter carries it), is disconnected now (decision 004).
   */
  disconnectUser(userId: string): void;
  /** A ticket's new message: to its owner's sockets, or a guest's order page (its order's room), and to staff. */
  ticketMessage(ticket: TicketDto, message: TicketMessageDto): void;
  ticketUpdated(ticket: TicketDto): void;
  adminOnline(online: boolean): void;
  homeOrders(orders: HomeOrderDto[]): void;
  smsReceived(sms: SmsDto): void;
  devicesSilent(payload: SilentDevicesPayload): void;
  /** A wallet phone's ledger gap opened, moved or closed (decision 144). */
  ledgerGap(payload: LedgerGapPayload): void;
  /** A cash desk turned failing, or its Limit drifted (decision 265). */
  cashdeskAlert(payload: CashdeskAlertPayload): void;
  close(): Promise<void>;
}

interface SocketData {
  userId?: string;
  role?: string;
  tokenVersion?: number;
  /** Unix seconds at which the socket's token expires; the socket is disconnected then. */
  expiresAt?: number;
  /** Joins the admins' room: staff cleared by `mayJoinStaffRoom`. */
  staffRoom?: boolean;
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

/**
 * Whose sockets hear a ticket: its owner's; a guest's ticket (decision 282) the watchers of its order's page, whose
 * id is the guest's key to both. A ticket is a guest's only with an order (the table's check).
 */
function ticketRoom(ticket: TicketDto): string {
  return ticket.user_id ? ROOMS.user(ticket.user_id) : ROOMS.order(ticket.order_id ?? '');
}

const EVENTS_PER_10S = 50;
/** How often an open staff console says it is still there (the presence window is 5 minutes). */
const STAFF_PRESENCE_BEAT_MS = 60_000;

export function createRealtime(
  httpServer: HttpServer,
  deps: {
    users: UserLookup;
    /** The orders domain's existence check: only an existing order's room can be joined. */
    orderExists: (id: string) => Promise<boolean>;
    jwtSecret: string;
    publicUrl: string;
    redis?: Redis;
    /** Names the adapter's channels (REDIS_CHANNEL_PREFIX): instances of one shop share it, other shops do not. */
    redisChannelPrefix?: string;
    logger: Logger;
    /**
     * Whether a user's sockets join the admins' room (staff; with STAFF_2FA=required only once their second factor
     * is on). Default: admins and operators.
     */
    mayJoinStaffRoom?: (user: UserRecord) => boolean;
    /** A staff member has the console open: told when their socket joins and every minute it stays (decision 217). */
    onStaffPresent?: (userId: string) => void;
  },
): Realtime {
  const mayJoinStaffRoom = deps.mayJoinStaffRoom ?? ((user: UserRecord) => isStaffRole(user.role));
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: '/socket.io',
    maxHttpBufferSize: 10_000,
    serveClient: false,
    allowRequest: (req, callback) => callback(null, isAllowedOrigin(req, deps.publicUrl)),
  });

  let subClient: Redis | undefined;
  if (deps.redis) {
    subClient = deps.redis.duplicate();
    io.adapter(createAdapter(deps.redis, subClient, { key: `${deps.redisChannelPrefix ?? 'shop'}:socket.io` }));
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
        socket.data.tokenVersion = user.tokenVersion;
        socket.data.expiresAt = claims.exp;
        socket.data.staffRoom = mayJoinStaffRoom(user);
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });

  io.on('connection', (socket) => {
    const { userId, expiresAt } = socket.data;
    if (userId) {
      void socket.join(ROOMS.user(userId));
      // Staff (admins and operators) share the admins' room, once cleared by the staff 2FA rule.
      if (socket.data.staffRoom) {
        void socket.join(ROOMS.admins);
        const present = deps.onStaffPresent;
        if (present) {
          present(userId);
          const beat = setInterval(() => present(userId), STAFF_PRESENCE_BEAT_MS);
          beat.unref();
          socket.once('disconnect', () => clearInterval(beat));
        }
      }
      if (expiresAt !== undefined) {
        // setTimeout takes at most 2^31-1 ms (~24 days); tokens live 7 days.
        const timer = setTimeout(
          () => socket.disconnect(true),
          Math.min(Math.max(0, expiresAt * 1000 - Date.now()), 2 ** 31 - 1),
        );
        socket.once('disconnect', () => clearTimeout(timer));
      }
      // A revocation between the handshake's read and joining the user's room would miss this socket: read again.
      deps.users.findById(userId).then(
        (user) => {
          if (!user || user.tokenVersion !== socket.data.tokenVersion || user.role !== socket.data.role)
            socket.disconnect(true);
        },
        () => socket.disconnect(true),
      );
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
    socketCount: () => io.of('/').sockets.size,
    joinCluster(sessionId, { clusterAdapter }) {
      if (clusterAdapter) io.adapter(createClusterAdapter());
      io.engine.generateId = sessionId;
      setupWorker(io);
    },
    orderUpdated({ full, public: view }) {
      io.to(ROOMS.admins).emit('order:updated', full);
      const rooms: string[] = [ROOMS.order(full.id)];
      if (full.user_id) rooms.push(ROOMS.user(full.user_id));
      io.to(rooms).except(ROOMS.admins).emit('order:updated', view);
    },
    orderCreated({ full, public: view }) {
      io.to(ROOMS.admins).emit('order:created', full);
      if (full.user_id) io.to(ROOMS.user(full.user_id)).except(ROOMS.admins).emit('order:created', view);
    },
    disconnectUser(userId) {
      io.in(ROOMS.user(userId)).disconnectSockets(true);
    },
    smsReceived(sms) {
      io.to(ROOMS.admins).emit('sms:received', sms);
    },
    devicesSilent(payload) {
      io.to(ROOMS.admins).emit('devices:silent', payload);
    },
    ledgerGap(payload) {
      io.to(ROOMS.admins).emit('ledger:gap', payload);
    },
    cashdeskAlert(payload) {
      io.to(ROOMS.admins).emit('cashdesk:alert', payload);
    },
    ticketMessage(ticket, message) {
      io.to([ticketRoom(ticket), ROOMS.admins]).emit('ticket:message', { ticketId: ticket.id, message });
    },
    ticketUpdated(ticket) {
      io.to([ticketRoom(ticket), ROOMS.admins]).emit('ticket:updated', ticket);
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
