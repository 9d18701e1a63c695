import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { lazyComponent } from '../lib/lazy';
import { overlayVisibleAtom } from '../lib/session';

const LoadingOverlayView = lazyComponent(async () => (await import('./loading-overlay-view')).LoadingOverlayView);

/** Full-screen overlay driven by `withLoadingOverlay` (lib/session); its code loads after the first paint. */
export function GlobalLoadingOverlay() {
  const visible = useAtomValue(overlayVisibleAtom);
  return (
    <Suspense fallback={null}>
      <LoadingOverlayView visible={visible} />
    </Suspense>
  );
}
