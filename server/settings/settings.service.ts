// The shop's settings (decision 163): read through a small cache, changed by an admin (audited).
//
// The cache (decision 081): services call `current()` on every use; it answers from memory, read through from the
// database when empty or older than `maxAgeMs`. A change drops it at once on the instance that wrote and publishes
// `settings.changed` (decision 130); its subscriber drops the public snapshot, whose Redis/IPC bus tells every other
// instance, where the composition root drops this cache too (`dropped`), so a new rule holds everywhere about as soon
// as the PATCH answers; the short age bounds the rare message lost while Redis reconnects.
import {
  SHOP_SETTING_KEYS,
  SHOP_SETTINGS,
  SHOP_SETTINGS_DEFAULTS,
  type ShopSettings,
  type ShopSettingsPatch,
} from '#shared/shop-settings';
import type { AuditJson } from '#shared/audit';
import type { AuditRecorder } from '../audit/index.js';
import type { Publisher } from '../event-bus.js';
import type { Logger } from '../logger.js';
import type { UserRecord } from '../security/user-record.js';
import type { SettingsRepository, SettingValues } from './settings.repository.js';

/** Stored values over the defaults; a stored value the registry no longer accepts falls back to the default. */
function resolve(stored: SettingValues, logger: Logger): ShopSettings {
  const settings = { ...SHOP_SETTINGS_DEFAULTS } as Record<string, unknown>;
  for (const key of SHOP_SETTING_KEYS) {
    if (!Object.hasOwn(stored, key)) continue;
    const parsed = SHOP_SETTINGS[key].schema.safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
    else logger.warn('shop setting ignored', { key });
  }
  return settings as ShopSettings;
}

/** What the settings domain tells the rest of the shop after its commit. */
export interface SettingsEvents {
  'settings.changed': { keys: string[] };
}

export function createSettingsService(deps: {
  settings: SettingsRepository;
  audit: AuditRecorder;
  logger: Logger;
  events: Publisher<SettingsEvents>;
  maxAgeMs?: number;
  clock?: () => number;
}) {
  const { settings, logger } = deps;
  const maxAgeMs = deps.maxAgeMs ?? 5_000;
  const clock = deps.clock ?? Date.now;
  // Every drop bumps the version: a read that began before a drop does not fill the cache with what it read.
  let version = 0;
  let cached: { at: number; value: ShopSettings } | undefined;
  let reading: { version: number; promise: Promise<ShopSettings> } | undefined;

  function drop(): void {
    version += 1;
    cached = undefined;
    reading = undefined;
  }

  async function current(): Promise<ShopSettings> {
    if (cached && clock() - cached.at < maxAgeMs) return cached.value;
    if (!reading || reading.version !== version) {
      const startedAt = version;
      const promise = settings.readAll().then((stored) => {
        const value = resolve(stored, logger);
        if (version === startedAt) cached = { at: clock(), value };
        return value;
      });
      promise.catch(() => {
        if (reading?.promise === promise) reading = undefined;
      });
      reading = { version: startedAt, promise };
    }
    return reading.promise;
  }

  return {
    /** The settings as services use them (cached, see above). */
    current,
    /** Another instance changed the settings. */
    dropped: drop,
    /** The settings as stored now, past the cache (the admin's screen). */
    read: async (): Promise<ShopSettings> => resolve(await settings.readAll(), logger),

    /** `PATCH /shop-settings`: the keys given, audited in their transaction; answers every setting as now stored. */
    async changeSettings(admin: UserRecord, patch: ShopSettingsPatch): Promise<ShopSettings> {
      const values = patch as SettingValues;
      await settings.write(values, (tx, stored) => {
        const before = resolve(stored, logger) as Record<string, unknown>;
        const keys = Object.keys(values);
        return deps.audit(tx, {
          actorId: admin.id,
          action: 'settings.update',
          targetType: 'setting',
          targetId: keys.join(','),
          before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])) as AuditJson,
          after: Object.fromEntries(keys.map((k) => [k, values[k] ?? null])) as AuditJson,
        });
      });
      drop();
      await deps.events.publish('settings.changed', { keys: Object.keys(values) });
      return resolve(await settings.readAll(), logger);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
