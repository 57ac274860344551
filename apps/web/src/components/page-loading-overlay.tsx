import { Box, LoadingOverlay } from '@mantine/core';

export type PageLoadingOverlayProps = {
  visible?: boolean;
  /** Covers the whole viewport (application start) instead of the nearest positioned parent. */
  fullScreen?: boolean;
};

export function PageLoadingOverlay({ visible = true, fullScreen = false }: PageLoadingOverlayProps) {
  const overlay = (
    <LoadingOverlay
      visible={visible}
      zIndex={fullScreen ? 1000 : 10}
      overlayProps={{ blur: fullScreen ? 0 : 1 }}
      loaderProps={{ color: 'yellow', 'aria-label': 'Loading' }}
    />
  );
  if (!fullScreen) return overlay;
  if (!visible) return null;
  return (
    <Box pos="fixed" inset={0} aria-busy={visible} aria-live="polite">
      {overlay}
    </Box>
  );
}
