// ALTCHA proof of work for protected writes. One solution is solved ahead of time so forms submit without waiting.
import { solveChallenge } from 'altcha-lib/v1';
import { api } from './api';

interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}
type CaptchaAnswer = { off: true } | CaptchaChallenge;

/** The server refuses solutions older than 5 minutes; keep a safety margin. */
const PRESOLVED_MAX_AGE_MS = 4 * 60 * 1000;

let presolved: { token: Promise<string>; solvedAt: number } | null = null;

async function solveFreshCaptcha(level: 'normal' | 'hard' = 'normal'): Promise<string> {
  const answer = await api.get<CaptchaAnswer>('/captcha', level === 'hard' ? { level } : undefined);
  if (!answer.ok) throw new CaptchaError(answer.key, answer.text);
  if ('off' in answer && answer.off) return 'off';
  const { algorithm, challenge, salt, signature, maxnumber } = answer as CaptchaChallenge;
  // Whatever goes wrong while solving, the customer sees the translated 'security check failed' (errors.captcha).
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise.catch(() => null);
  if (!solution) throw new CaptchaError('errors.captcha', 'Captcha could not be solved');
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }));
}

/** A captcha failure with the i18n key `showError` translates (`text` is English, for the console only). */
export class CaptchaError extends Error {
  constructor(
    readonly key: string,
    readonly text: string,
  ) {
    super(text);
    this.name = 'CaptchaError';
  }
}

/** Starts solving the next captcha in the background (no-op when a fresh one is ready or in progress). */
export function prepareCaptcha(): void {
  if (presolved && Date.now() - presolved.solvedAt < PRESOLVED_MAX_AGE_MS) return;
  const token = solveFreshCaptcha();
  const entry = { token, solvedAt: Date.now() };
  presolved = entry;
  // A failed pre-solve must not be handed out later; drop it so the next call solves anew.
  token.catch(() => {
    if (presolved === entry) presolved = null;
  });
}

/**
 * A token of the harder challenge the server asks for (answer key `errors.captchaHarder`) when an account is under
 * a guessing attack (decision 072). Solved on demand: it takes a few seconds of work on purpose.
 */
export function getHardCaptcha(): Promise<string> {
  return solveFreshCaptcha('hard');
}

/**
 * A single-use captcha token for the `captcha` field of a request body: 'off' when the server has captcha off.
 * Rejects with CaptchaError (key/text like an API failure, so `showError` can display it).
 */
export async function getCaptcha(): Promise<string> {
  const ready = presolved && Date.now() - presolved.solvedAt < PRESOLVED_MAX_AGE_MS ? presolved.token : null;
  presolved = null;
  let token: string;
  try {
    token = ready ? await ready : await solveFreshCaptcha();
  } catch (error) {
    if (!ready) throw error;
    token = await solveFreshCaptcha();
  }
  prepareCaptcha();
  return token;
}
