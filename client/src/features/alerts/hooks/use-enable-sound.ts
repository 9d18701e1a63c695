import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { unlockAudio } from '../lib/audio';
import { audioStateAtom } from '../lib/alert-state';
import { useAlertSettings } from './use-alert-settings';

/** For a click handler: turns sound on and starts the audio (the click is the gesture browsers ask for). */
export function useEnableSound(): () => void {
  const [, update] = useAlertSettings();
  const setAudio = useSetAtom(audioStateAtom);
  return useCallback(() => {
    setAudio(unlockAudio());
    update({ sound: true });
  }, [setAudio, update]);
}

/** The alert sounds' chunk: fetched once sound is on, before the first alert needs it. */
export const loadSounds = () => import('../lib/sounds');
