// The alerts' state shared by the engine (mounted once in the admin layout), the header button, the banner and
// the settings dialog.
import { atom } from 'jotai';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './alert-settings';
import type { audioState } from './audio';

/** The signed-in admin's settings (read from this browser when the admin area opens). */
export const alertSettingsAtom = atom<{ userId: string | null; settings: AlertSettings }>({
  userId: null,
  settings: DEFAULT_ALERT_SETTINGS,
});
export const audioStateAtom = atom<ReturnType<typeof audioState>>('locked');
export const alertSettingsOpenAtom = atom(false);
