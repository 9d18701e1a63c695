import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { AppFooter } from '../../components/app-footer';
import { AppHeader } from '../../components/app-header';
import { isDashboardPath } from '../../config';
import { DocumentTitle } from '../document-title';
import { SessionRestorer } from '../session-restorer';

export function RootLayout() {
  const { pathname } = useLocation();
  const publicChrome = !isDashboardPath(pathname);
  return (
    <>
      <SessionRestorer />
      <DocumentTitle />
      <ScrollRestoration />
      {publicChrome && <AppHeader />}
      {publicChrome ? (
        <Box component="main" mih="calc(100vh - 64px)">
          <Outlet />
        </Box>
      ) : (
        <Outlet />
      )}
      {publicChrome && <AppFooter />}
    </>
  );
}
