// Two-factor sign-in (decision 161): setup → enable (10 recovery codes, shown once) → disable, and the
// second step of a login. Enabling or disabling bumps the token version: every earlier token stops and the
// user's sockets close; the caller gets a fresh token in the answer.
import crypto from 'node:crypto';
import { TIMERS, TWO_FACTOR } from '#shared/constants';
import type { AuditRecorder } from '../audit/index.js';
import type { Transaction } from '../db/database.js';
import { AppError, errors } from '../http/app-error.js';
import type { LoginThrottle } from '../security/login-throttle.js';
import type { SecretBox } from '../security/secret-box.js';
import type { Clock } from '../clock.js';
import { createTotp, newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE } from '../security/totp.js';
import { signToken } from '../security/tokens.js';
import type { UserRecord } from '../security/user-record.js';
import type { SessionEnds } from './accounts.service.js';
import type { TwoFactorRepository } from './two-factor.repository.js';
import type { UsersRepository } from './users.repository.js';

const wrongCode = () =>
  new AppError(400, 'errors.twoFactorCodeWrong', 'The code is wrong or was already used', {
    errors: { code: 'errors.twoFactorCodeWrong' },
  });
/** A sensitive step of a staff member with two-factor came without its code (decision 280). */
const codeMissing = () =>
  new AppError(400, 'errors.twoFactorCodeMissing', 'Enter the current code of your authenticator app', {
    errors: { otp: 'errors.twoFactorCodeMissing' },
  });
const wrongStepCode = () =>
  new AppError(400, 'errors.twoFactorCodeWrong', 'The code is wrong or was already used', {
    errors: { otp: 'errors.twoFactorCodeWrong' },
  });
const challengeExpired = () =>
  new AppError(400, 'errors.twoFactorChallengeExpired', 'This sign-in has expired, please log in again');
const alreadyOn = () => errors.conflict('errors.twoFactorAlreadyOn', 'Two-factor sign-in is already on');
const notSetUp = () => errors.conflict('errors.twoFactorNotSetUp', 'Start the two-factor setup first');
const isOff = () => errors.conflict('errors.twoFactorOff', 'Two-factor sign-in is not on');

/** The challenge handed to the client is random; only its sha256 is stored (a database read cannot answer it). */
const challengeId = (challenge: string) => crypto.createHash('sha256').update(challenge).digest('hex');

export function createTwoFactorService(deps: {
  twoFactor: TwoFactorRepository;
  users: Pick<UsersRepository, 'findById'>;
  box: SecretBox;
  jwtSecret: string;
  audit: AuditRecorder;
  sessions: SessionEnds;
  loginThrottle: Pick<LoginThrottle, 'failed'>;
  /** The shop's one clock: codes step every 30 seconds and challenges last 5 minutes by it. */
  clock: Clock;
}) {
  const { twoFactor, users, box, jwtSecret, sessions, clock } = deps;
  const now = () => clock.now();
  const totp = createTotp(() => clock.now().getTime());

  const openSecret = (sealed: string): string => {
    const secret = box.open(sealed);
    // Sealed with another key (TWO_FACTOR_KEY or JWT_SECRET changed): no code can match; say so in the log.
    if (secret === null) throw new AppError(500, 'errors.server', 'The two-factor secret cannot be read with this key');
    return secret;
  };

  /** Accepts the code (TOTP, once per time-step, or an unused recovery code) in the transaction given. */
  async function acceptCode(userId: string, sealedSecret: string, code: string, tx?: Transaction): Promise<boolean> {
    if (RECOVERY_CODE.test(code))
      return twoFactor.useRecoveryCode(userId, box.hash(normalizeRecoveryCode(code)), now(), tx);
    const step = totp.matchStep(openSecret(sealedSecret), code);
    return step !== null && twoFactor.useStep(userId, step, tx);
  }

  /** The user after a token-version bump, and their fresh token. */
  async function freshSession(userId: string): Promise<{ user: UserRecord; jwt: string }> {
    const user = await users.findById(userId);
    if (!user) throw errors.notFound('errors.userNotFound', 'User not found');
    return { user, jwt: signToken(jwtSecret, user) };
  }

  return {
    /** A new secret to scan (replacing an unfinished setup); 409 while 2FA is on. */
    async setup(user: UserRecord): Promise<{ secret: string; otpauth_url: string }> {
      if (user.twoFactor) throw alreadyOn();
      const secret = totp.newSecret();
      if (!(await twoFactor.savePending(user.id, box.seal(secret)))) throw alreadyOn();
      return { secret, otpauth_url: totp.otpauthUrl(secret, user.email) };
    },

    /** The first code of the new secret turns it on; answers the recovery codes (shown once) and a fresh token. */
    async enable(user: UserRecord, code: string): Promise<{ recovery_codes: string[]; user: UserRecord; jwt: string }> {
      if (user.twoFactor) throw alreadyOn();
      const row = await twoFactor.find(user.id);
      if (!row?.pendingSecret) throw notSetUp();
      const step = RECOVERY_CODE.test(code) ? null : totp.matchStep(openSecret(row.pendingSecret), code);
      if (step === null) throw wrongCode();
      const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
      const enabled = await twoFactor.enable(
        {
          userId: user.id,
          pendingSecret: row.pendingSecret,
          step,
          codeHashes: codes.map((c) => box.hash(normalizeRecoveryCode(c))),
          now: now(),
        },
        (tx) =>
          deps.audit(tx, {
            actorId: user.id,
            action: 'user.two_factor_on',
            targetType: 'user',
            targetId: user.id,
            before: { two_factor: false },
            after: { two_factor: true },
          }),
      );
      if (!enabled) throw (await users.findById(user.id))?.twoFactor ? alreadyOn() : notSetUp();
      sessions.disconnectUser(user.id);
      return { recovery_codes: codes, ...(await freshSession(user.id)) };
    },

    /** A current code (or a recovery code) turns 2FA off; answers a fresh token. */
    async disable(user: UserRecord, code: string): Promise<{ user: UserRecord; jwt: string }> {
      const row = await twoFactor.find(user.id);
      if (!user.twoFactor || !row?.secret) throw isOff();
      const sealed = row.secret;
      const disabled = await twoFactor.disable(
        user.id,
        (tx) => acceptCode(user.id, sealed, code, tx),
        (tx) =>
          deps.audit(tx, {
            actorId: user.id,
            action: 'user.two_factor_off',
            targetType: 'user',
            targetId: user.id,
            before: { two_factor: true },
            after: { two_factor: false },
          }),
      );
      if (!disabled) throw (await twoFactor.find(user.id))?.secret ? wrongCode() : isOff();
      sessions.disconnectUser(user.id);
      return freshSession(user.id);
    },

    /**
     * A sensitive step (a receiving wallet changed, decision 280): a staff member with two-factor proves it with a
     * current code (used once, like a sign-in's) or a recovery code; without two-factor nothing is asked.
     */
    async confirmSensitiveStep(user: UserRecord, code: string | undefined): Promise<void> {
      if (!user.twoFactor) return;
      if (code === undefined) throw codeMissing();
      const row = await twoFactor.find(user.id);
      if (!row?.secret || !(await acceptCode(user.id, row.secret, code))) throw wrongStepCode();
    },

    /** After the right password of a user with 2FA: the challenge the second step answers (5 minutes, 5 tries). */
    async openChallenge(user: UserRecord): Promise<string> {
      const challenge = crypto.randomBytes(32).toString('base64url');
      const at = now();
      await twoFactor.createChallenge({
        id: challengeId(challenge),
        userId: user.id,
        tokenVersion: user.tokenVersion,
        expiresAt: new Date(at.getTime() + TIMERS.loginChallengeMinutes * 60_000),
        now: at,
      });
      return challenge;
    },

    /**
     * The second step: the try is counted first, then the code is checked and the challenge used in one
     * transaction. Answers what a login answers. A wrong code also counts as a failed login of the account from
     * this address (decision 072's throttle).
     */
    async completeLogin(challenge: string, code: string, address: string): Promise<{ user: UserRecord; jwt: string }> {
      const id = challengeId(challenge);
      const counted = await twoFactor.countTry(id, now(), TIMERS.loginChallengeMaxAttempts);
      if (!counted) throw challengeExpired();
      const user = await users.findById(counted.userId);
      // A password change, logout, block or 2FA change since the password step ends the challenge too.
      if (!user || user.tokenVersion !== counted.tokenVersion || !user.twoFactor) throw challengeExpired();
      if (user.role === 'blocked') throw errors.forbidden('errors.blocked', 'Your account is blocked');
      const row = await twoFactor.find(user.id);
      if (!row?.secret) throw challengeExpired();
      const sealed = row.secret;
      const outcome = await twoFactor.useChallenge(id, (tx) => acceptCode(user.id, sealed, code, tx));
      if (outcome === 'gone') throw challengeExpired();
      if (outcome === 'wrongCode') {
        await deps.loginThrottle.failed(user.email, address);
        throw wrongCode();
      }
      return { user, jwt: signToken(jwtSecret, user) };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
