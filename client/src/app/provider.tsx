import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMERS } from '#shared/constants';
import { CaptchaWidget } from '../components/captcha-widget';
import { GlobalLoadingOverlay } from '../components/global-loading-overlay';
import { useLanguage } from '../lib/session';
import { RealtimeBridge } from './realtime-bridge';
import { buildTheme, cssVariablesResolver } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const { t } = useTranslation('common');
  const closeLabel = t('nav.closeDialog');
  // The Bengali font is only applied (and therefore only downloaded) in BN.
  const theme = useMemo(() => buildTheme(language, closeLabel), [language, closeLabel]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" autoClose={TIMERS.toastMs} limit={3} />
      <GlobalLoadingOverlay />
      <CaptchaWidget />
      <RealtimeBridge />
      {children}
    </MantineProvider>
  );
}
