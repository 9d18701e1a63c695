// The admin's alert settings (decision 119): kept in this browser's localStorage under the admin's user id, so two
// admins sharing a computer keep their own, and each device keeps what suits it (a phone silent, the desk loud).
import { z } from 'zod';
import { readStored, writeStored } from '../../../lib/storage';

export const ALERT_TONES = ['chime', 'bell', 'beep'] as const;
export type AlertTone = (typeof ALERT_TONES)[number];

/** What sounds (and notifies): a new order, a payment submitted, a customer's ticket message. */
export const ALERT_KINDS = ['order', 'payment', 'ticket'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

const settingsSchema = z.object({
  /** The admin wants sound; the browser still needs one click on the page before it plays any. */
  sound: z.boolean(),
  tone: z.enum(ALERT_TONES),
  /** 0-100. */
  volume: z.number().int().min(0).max(100),
  kinds: z.object({ order: z.boolean(), payment: z.boolean(), ticket: z.boolean() }),
  /** "(3) Orders · Wallet Shop". */
  title: z.boolean(),
  /** A red badge with the count on the tab's icon. */
  favicon: z.boolean(),
  /** Desktop notifications while the tab is in the background (the browser asks for permission first). */
  desktop: z.boolean(),
});
export type AlertSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  sound: true,
  tone: 'chime',
  volume: 70,
  kinds: { order: true, payment: true, ticket: true },
  title: true,
  favicon: true,
  desktop: false,
};

const storageKey = (userId: string) => `adminAlerts:${userId}`;

/** The stored settings of this admin, each field that is missing or malformed falling back to its default. */
export function readAlertSettings(userId: string): AlertSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(readStored(storageKey(userId)) ?? 'null');
  } catch {
    stored = null;
  }
  const candidate = { ...DEFAULT_ALERT_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) } as Record<
    string,
    unknown
  >;
  const storedKinds = (candidate.kinds && typeof candidate.kinds === 'object' ? candidate.kinds : {}) as Record<
    string,
    unknown
  >;
  const kinds = Object.fromEntries(
    ALERT_KINDS.map((kind) => [
      kind,
      typeof storedKinds[kind] === 'boolean' ? storedKinds[kind] : DEFAULT_ALERT_SETTINGS.kinds[kind],
    ]),
  );
  const settings = { ...DEFAULT_ALERT_SETTINGS } as Record<string, unknown>;
  for (const key of Object.keys(settingsSchema.shape) as (keyof AlertSettings)[]) {
    const value = key === 'kinds' ? kinds : candidate[key];
    const parsed = settingsSchema.shape[key].safeParse(value);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as AlertSettings;
}

export function writeAlertSettings(userId: string, settings: AlertSettings): void {
  writeStored(storageKey(userId), JSON.stringify(settings));
}
