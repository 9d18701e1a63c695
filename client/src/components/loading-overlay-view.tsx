import { LoadingOverlay } from '@mantine/core';

/** The global overlay's view, a chunk of its own (global-loading-overlay.tsx). */
export function LoadingOverlayView({ visible }: { visible: boolean }) {
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 2 }} />;
}
