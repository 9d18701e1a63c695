// Password recovery (product.md §5/§4, product.md §5): a 6-digit code e-mailed, valid 15 minutes, single use, locked after
// 5 wrong tries, resend after 60 s. The answer and its timing never reveal whether an e-mail is registered:
// a request row is stored either way and the mail goes out after the answer.
import crypto from 'node:crypto';
import { TIMERS } from '#shared/constants';
import { AppError, errors } from '../http/app-error.js';
import type { UsersRepository } from '../accounts/index.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../clock.js';
import type { Mailer } from '../mail/mailer.js';
import { refuseCommonPassword } from '../security/password-strength.js';
import { hashPassword } from '../security/passwords.js';
import { signToken } from '../security/tokens.js';
import type { UserRecord } from '../security/user-record.js';
import { createRecoveryLinkSigner } from './recovery-link.js';
import { recoveryMail } from './recovery-mail.js';
import type { RecoveryRepository } from './recovery.repository.js';

export class ResendTooSoonError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, 'errors.resendTooSoon', `Please wait ${retryAfterSeconds} seconds before asking for a new code`);
  }
}

/** Per account (e-mail) and day: codes sent, and tries at codes (decision 021). */
export const RECOVERY_DAILY_CODES = 10;
export const RECOVERY_DAILY_TRIES = 20;
const DAY_MS = 24 * 3600 * 1000;
const tooMany = () =>
  new AppError(
    429,
    'errors.recoveryTooMany',
    'Too many password reset attempts for this account today, please try again tomorrow',
  );

const invalid = () =>
  new AppError(400, 'errors.recoveryInvalid', 'This reset link is no longer valid, please ask for a new code', {
    errors: { code: 'errors.recoveryInvalid' },
  });
const wrongCode = () =>
  new AppError(400, 'errors.recoveryCodeWrong', 'The code is wrong', { errors: { code: 'errors.recoveryCodeWrong' } });
const linkInvalid = () =>
  new AppError(400, 'errors.recoveryLinkInvalid', 'This reset link is not valid, please ask for a new code');
const linkExpired = () =>
  new AppError(400, 'errors.recoveryLinkExpired', 'This reset link has expired, please ask for a new code');

export function createRecoveryService(deps: {
  recoveries: RecoveryRepository;
  users: Pick<UsersRepository, 'findById' | 'findByEmail'>;
  mailer: Mailer;
  logger: Logger;
  jwtSecret: string;
  /** A reset revokes the user's tokens: their open sockets close too (decision 004). */
  sessions: { disconnectUser(userId: string): void };
  publicUrl: string;
  /** The access gate's prefix (product.md §2.1): the mailed link opens the app even on a device that never saw it. */
  gatePrefix?: string;
  clock: Clock;
}) {
  const { recoveries, users, mailer, logger, jwtSecret, publicUrl } = deps;
  const now = () => deps.clock.now();
  // A pepper kept out of the database: a leaked table alone does not let anyone test the 10^6 codes offline.
  const pepper = crypto.createHmac('sha256', jwtSecret).update('recovery-code-pepper').digest();
  const codeHash = (id: string, code: string) =>
    crypto.createHmac('sha256', pepper).update(`${id}:${code}`).digest('hex');
  const pendingMail = new Set<Promise<void>>();
  const links = createRecoveryLinkSigner(jwtSecret);
  /** `PUBLIC_URL/recovery/<id>?<gate prefix>&ref=<signed reference>`: opens the confirm page on any device. */
  const linkTo = (id: string, email: string, expiresAt: Date) => {
    const query = [
      deps.gatePrefix ? encodeURIComponent(deps.gatePrefix) : '',
      `ref=${links.sign(id, email, expiresAt)}`,
    ].filter(Boolean);
    return `${publicUrl}/recovery/${id}?${query.join('&')}`;
  };

  function sendInBackground(message: Parameters<Mailer['send']>[0]): void {
    const sending = mailer
      .send(message)
      .catch((error: unknown) => logger.error(`Recovery mail to ${message.to} could not be sent`, error))
      .finally(() => pendingMail.delete(sending));
    pendingMail.add(sending);
  }

  return {
    async requestRecovery(email: string): Promise<{ id: string }> {
      const at = now();
      const previous = await recoveries.latestForEmail(email);
      const waitMs = previous ? previous.sentAt.getTime() + TIMERS.recoveryResendSeconds * 1000 - at.getTime() : 0;
      if (waitMs > 0) throw new ResendTooSoonError(Math.ceil(waitMs / 1000));
      // Counted for every e-mail alike (a row is stored either way), so the limit tells nothing about accounts.
      if ((await recoveries.usageSince(email, new Date(at.getTime() - DAY_MS))).sent >= RECOVERY_DAILY_CODES)
        throw tooMany();

      const user = await users.findByEmail(email);
      const id = crypto.randomBytes(16).toString('base64url');
      const deliverable = user && user.role !== 'blocked';
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      // Unknown e-mails get a hash no 6-9 digit code can match; no mail is sent for them.
      const hash = codeHash(id, deliverable ? code : `none-${crypto.randomBytes(16).toString('hex')}`);
      const expiresAt = new Date(at.getTime() + TIMERS.recoveryCodeMinutes * 60_000);
      await recoveries.create({ id, email, userId: deliverable ? user.id : null, codeHash: hash, expiresAt, now: at });
      if (deliverable)
        sendInBackground(recoveryMail({ to: user.email, name: user.name, code, link: linkTo(id, email, expiresAt) }));
      return { id };
    },

    /**
     * What the confirm page needs when it is opened from the mailed link (decision 021): the e-mail and when a
     * resend becomes possible. The reference must have been signed for this request and e-mail, and the request
     * must still be live (not used, retired by a newer one, expired or locked).
     */
    async openRecoveryLink(input: { id: string; ref: string }): Promise<{ email: string; resendAt: Date }> {
      const at = now();
      const request = await recoveries.findById(input.id);
      if (!request || !request.userId) throw linkInvalid();
      const verdict = links.check(input.ref, request.id, request.email, at);
      if (verdict === 'invalid') throw linkInvalid();
      if (verdict === 'expired') throw linkExpired();
      if (request.usedAt || request.expiresAt <= at || request.attempts >= TIMERS.recoveryMaxAttempts) throw invalid();
      return {
        email: request.email,
        resendAt: new Date(request.sentAt.getTime() + TIMERS.recoveryResendSeconds * 1000),
      };
    },

    /**
     * Sets the new password when the code matches; the user is logged in with a fresh token (older ones stop),
     * unless they sign in with a second factor: an e-mailed code must not stand in for it, so they then
     * log in with the new password and their code.
     */
    async confirmRecovery(input: {
      id: string;
      code: string;
      password: string;
    }): Promise<{ user: UserRecord; jwt?: string }> {
      const at = now();
      // A weak new password is refused before any try is used up.
      await refuseCommonPassword(input.password, 'password');
      // The try is counted before the code is compared, atomically: parallel guesses cannot share one.
      const request = await recoveries.takeAttempt(input.id, at, TIMERS.recoveryMaxAttempts);
      if (!request) throw invalid();
      if ((await recoveries.usageSince(request.email, new Date(at.getTime() - DAY_MS))).tries > RECOVERY_DAILY_TRIES)
        throw tooMany();
      const hash = codeHash(input.id, input.code);
      if (
        !request.userId ||
        !crypto.timingSafeEqual(
          Buffer.from(hash),
          Buffer.from(request.codeHash.padEnd(hash.length).slice(0, hash.length)),
        )
      ) {
        throw wrongCode();
      }
      const passwordHash = await hashPassword(input.password);
      const userId = await recoveries.redeem({ id: input.id, codeHash: hash, passwordHash, now: at });
      if (!userId) throw invalid();
      deps.sessions.disconnectUser(userId);
      const user = await users.findById(userId);
      if (!user) throw invalid();
      if (user.role === 'blocked') throw errors.forbidden('errors.blocked', 'Your account is blocked');
      return { user, jwt: user.twoFactor ? undefined : signToken(jwtSecret, user) };
    },

    /** Waits for mails still being handed to SMTP (graceful stop), but never longer than `maxWaitMs`. */
    async flush(maxWaitMs = 5000): Promise<void> {
      if (pendingMail.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, maxWaitMs);
      });
      await Promise.race([Promise.allSettled([...pendingMail]), deadline]);
      clearTimeout(timer);
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
