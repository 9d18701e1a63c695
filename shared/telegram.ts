// The staff's Telegram desk: linking an account to a chat with the shop's bot.
import { z } from 'zod';
import { TICKET_LANGUAGES } from './constants.js';
import { VALIDATION_KEYS as V } from './error-keys.js';
import { captchaField } from './schemas.js';

/** How long a link code (`t.me/<bot>?start=<code>`) can be used, once. */
export const TELEGRAM_LINK_MINUTES = 10;

/**
 * `POST /account/telegram {captcha, lang?}`: `lang` is the interface language the bot should write in (the client
 * sends its own); left out, the bot takes the language of the Telegram app that opens the link.
 */
export const telegramLinkBodySchema = z.object({
  captcha: captchaField,
  lang: z.enum(TICKET_LANGUAGES, { error: V.invalid }).optional(),
});
export type TelegramLinkBody = z.infer<typeof telegramLinkBodySchema>;

/** `DELETE /account/telegram {captcha}`. */
export const telegramUnlinkBodySchema = z.object({ captcha: captchaField });

/** `GET /users/me`'s `user.telegram`: whether the account has a live link, and the Telegram username (or null). */
export interface TelegramLinkDto {
  linked: boolean;
  username: string | null;
  /** In `GET /users/me`: whether the shop has a bot at all (no "Link Telegram" without one). */
  available?: boolean;
}

/** `POST /account/telegram`'s answer (besides `ok`): the single-use code, its deep link, when it stops working. */
export interface TelegramLinkCodeDto {
  code: string;
  link: string;
  /** Unix seconds. */
  expires_at: number;
}
