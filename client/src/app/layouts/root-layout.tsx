import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { AppHeader } from '../../components/app-header';
import { NavigationProgress } from '../../components/navigation-progress';
import { lazyComponent } from '../../lib/lazy';
import { isDashboardPath } from '../../config';
import { DocumentTitle } from '../document-title';
import { SessionRestorer } from '../session-restorer';

// Below the fold: it follows the first paint.
const AppFooter = lazyComponent(async () => (await import('../../components/app-footer')).AppFooter);

export function RootLayout() {
  const { pathname } = useLocation();
  const publicChrome = !isDashboardPath(pathname);
  return (
    <>
      <SessionRestorer />
      <DocumentTitle />
      <ScrollRestoration />
      <NavigationProgress />
      {publicChrome && <AppHeader />}
      {publicChrome ? (
        <Box component="main" mih="calc(100vh - 64px)">
          <Outlet />
        </Box>
      ) : (
        <Outlet />
      )}
      {publicChrome && (
        <Suspense fallback={null}>
          <AppFooter />
        </Suspense>
      )}
    </>
  );
}
