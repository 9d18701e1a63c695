import { useAtom } from 'jotai';
import { useCallback } from 'react';
import { writeAlertSettings, type AlertSettings } from '../lib/alert-settings';
import { alertSettingsAtom } from '../lib/alert-state';

/** The admin's alert settings and a change that is saved at once (in this browser, under the admin's id). */
export function useAlertSettings(): [AlertSettings, (change: Partial<AlertSettings>) => void] {
  const [{ settings }, set] = useAtom(alertSettingsAtom);
  const update = useCallback(
    (change: Partial<AlertSettings>) =>
      set((current) => {
        const next = { ...current.settings, ...change };
        if (current.userId) writeAlertSettings(current.userId, next);
        return { ...current, settings: next };
      }),
    [set],
  );
  return [settings, update];
}
