// Sends what the queue holds (decision 156). Every instance runs this loop: it claims due deliveries (at most one
// per endpoint, none of an endpoint it is already sending to), sends each on its own, and claims again as soon as one
// finishes; nothing waits on a slow endpoint but that endpoint's own next delivery. A request answers within 10 s or
// counts as failed; the schedule of retries reads the shop's clock.
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { unixSeconds } from '#shared/time';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { SecretBox } from '../security/secret-box.js';
import { ADDRESS_REFUSED, AddressRefused, checkHost, guardedLookup, hostOf } from './address-guard.js';
import type { AttemptOutcome, AttemptRecord, ClaimedDelivery, WebhooksRepository } from './webhooks.repository.js';
import { claimLoop } from '../kernel/claim-loop.js';

export const WEBHOOK_DELIVERY = {
  /** A receiver answers within this, or the attempt failed (and its connection is cut). */
  timeoutMs: 10_000,
  /** Tries of one run: the retries between them add up to more than 24 hours even with the jitter at its lowest. */
  maxAttempts: 12,
  /** The first retry comes after 5 s (±20 %: always within 10 s), each next one 4 times later, at most 6 hours. */
  firstRetryMs: 5_000,
  factor: 4,
  maxRetryMs: 6 * 3_600_000,
  jitter: 0.2,
  /** Endpoints one instance sends to at once. */
  maxParallel: 16,
  /** A claimed delivery is this instance's for so long (a crash mid-send frees it after). */
  lockMs: 5 * 60_000,
  /** How often the loop looks for due deliveries when nothing kicks it (retries come due, other instances' rows). */
  pollMs: 1_000,
  /** Finished deliveries (and their log) are kept this long. */
  keepMs: 30 * 24 * 3_600_000,
  /** What the log keeps of a receiver's failure. */
  errorMax: 300,
};

/** The delay before retry number `n` (1 = the first retry), with its jitter drawn from `random`. */
export function retryDelayMs(n: number, random: () => number = Math.random): number {
  const d = WEBHOOK_DELIVERY;
  const base = Math.min(d.maxRetryMs, d.firstRetryMs * d.factor ** Math.max(0, n - 1));
  return Math.round(base * (1 - d.jitter + 2 * d.jitter * random()));
}

/** `Shop-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export interface PostAnswer {
  statusCode: number | null;
  error: string | null;
}

/**
 * One POST: redirects are not followed (a 3xx is a failure), private addresses refused unless allowed. `headers`
 * (lower-case names) add to or replace the JSON defaults; web pushes send their encrypted bytes through it too.
 */
export async function postOnce(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<PostAnswer> {
  const target = new URL(url);
  const host = hostOf(target);
  try {
    // A literal address never reaches the lookup: check it here.
    if (net.isIP(host) !== 0) await checkHost(host, allowPrivate);
  } catch {
    return { statusCode: null, error: ADDRESS_REFUSED };
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostAnswer>((resolve) => {
    let settled = false;
    const done = (answer: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'wallet-shop-webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(allowPrivate),
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('error', () => undefined);
        const status = res.statusCode ?? 0;
        done({
          statusCode: status,
          error:
            status >= 200 && status < 300
              ? null
              : `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`,
        });
        req.destroy();
      },
    );
    const timer = setTimeout(() => {
      done({ statusCode: null, error: 'timed out' });
      req.destroy();
    }, WEBHOOK_DELIVERY.timeoutMs);
    // The log says what an admin can act on; a socket's own words (refused, unreachable, reset, with the address and
    // port) would map the network behind the receiver's name for whoever reads the log (decision 240).
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error instanceof AddressRefused || error.name === 'AddressRefused';
      done({ statusCode: null, error: refused ? ADDRESS_REFUSED : 'connection failed' });
    });
    req.end(body);
  });
}

export function createWebhookSender(deps: {
  repository: Pick<WebhooksRepository, 'claimDue' | 'finishAttempt' | 'release' | 'prune'>;
  box: SecretBox;
  clock: Clock;
  logger: Logger;
  allowPrivate: boolean;
}) {
  const { repository, box, clock, logger } = deps;
  const limits = WEBHOOK_DELIVERY;
  /** Endpoints this instance is sending to, and the deliveries in flight. */
  const busy = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let lastPrune = 0;

  async function attempt(job: ClaimedDelivery): Promise<void> {
    const at = clock.now();
    const started = performance.now();
    let answer: PostAnswer;
    const secret = box.open(job.secretSealed);
    if (secret === null) answer = { statusCode: null, error: 'the signing secret does not open with this WEBHOOK_KEY' };
    else {
      const headers = {
        'shop-signature': signatureHeader(secret, unixSeconds(at), job.body),
        'shop-event-id': job.eventId,
      };
      answer = await postOnce(job.url, job.body, headers, deps.allowPrivate);
    }
    const record: AttemptRecord = {
      at,
      durationMs: Math.round(performance.now() - started),
      statusCode: answer.statusCode,
      error: answer.error === null ? null : answer.error.slice(0, limits.errorMax),
    };
    const now = clock.now();
    const outcome: AttemptOutcome =
      answer.error === null
        ? { status: 'delivered' }
        : job.attempt >= limits.maxAttempts
          ? { status: 'failed' }
          : { status: 'pending', at: new Date(now.getTime() + retryDelayMs(job.attempt)) };
    await repository.finishAttempt(job.id, record, outcome, now);
    if (outcome.status === 'failed')
      logger.warn('webhook delivery given up', {
        webhookId: job.webhookId,
        eventId: job.eventId,
        attempts: job.attempt,
      });
  }

  function send(job: ClaimedDelivery): void {
    busy.add(job.webhookId);
    const running = attempt(job)
      .catch((error: unknown) => logger.error('webhook delivery failed', error))
      .finally(() => {
        busy.delete(job.webhookId);
        inFlight.delete(running);
        loop.kick();
      });
    inFlight.add(running);
  }

  async function claim(): Promise<void> {
    const now = clock.now();
    if (now.getTime() - lastPrune > 3_600_000) {
      lastPrune = now.getTime();
      await repository.prune(new Date(now.getTime() - limits.keepMs));
    }
    for (;;) {
      if (loop.stopped()) return;
      const jobs = await repository.claimDue(clock.now(), limits.maxParallel - busy.size, limits.lockMs, [...busy]);
      if (loop.stopped()) {
        await repository.release(jobs.map((j) => j.id));
        return;
      }
      for (const job of jobs) send(job);
      if (jobs.length === 0 || busy.size >= limits.maxParallel) return;
    }
  }

  const loop = claimLoop('webhook queue', claim, { pollMs: limits.pollMs, logger });

  return {
    start: loop.start,
    /** Something was queued or made due: send it now rather than at the next poll. */
    kick: loop.kick,
    /** Stops claiming and waits for the attempts in flight (each ends within the timeout). */
    async stop(): Promise<void> {
      await loop.stop();
      await Promise.all([...inFlight]);
    },
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
