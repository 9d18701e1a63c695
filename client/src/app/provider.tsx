import { MantineProvider } from '@mantine/core';
import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaWidget } from '../components/captcha-widget';
import { GlobalLoadingOverlay } from '../components/global-loading-overlay';
import { lazyComponent } from '../lib/lazy';
import { useLanguage } from '../lib/session';
import { RealtimeBridge } from './realtime-bridge';
import { buildTheme, cssVariablesResolver } from './theme';

const Toasts = lazyComponent(async () => (await import('../components/toasts')).Toasts);

export function AppProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const { t } = useTranslation('common');
  const closeLabel = t('nav.closeDialog');
  // The Bengali font is only applied (and therefore only downloaded) in BN.
  const theme = useMemo(() => buildTheme(language, closeLabel), [language, closeLabel]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <GlobalLoadingOverlay />
      <CaptchaWidget />
      <RealtimeBridge />
      {children}
    </MantineProvider>
  );
}
