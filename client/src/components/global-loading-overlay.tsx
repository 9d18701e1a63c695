import { LoadingOverlay } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { overlayVisibleAtom } from '../lib/session';

/** Full-screen overlay driven by `withLoadingOverlay` (lib/session). */
export function GlobalLoadingOverlay() {
  const visible = useAtomValue(overlayVisibleAtom);
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 2 }} />;
}
