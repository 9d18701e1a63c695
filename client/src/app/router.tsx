// Every route of product.md §2. Screens are lazy route modules (default export) in their feature folders; the home page,
// where most visits start, is in the entry so it paints without another round trip (decision 063). The account and
// admin layouts are lazy too: their shell, navigation and guards load with the first dashboard route.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config';
import { loadAllNamespaces } from '../i18n';
import type { PageTitle, RouteHandle } from './document-title';
import HomePage from '../features/home/routes/home-page';
import { RootLayout } from './layouts/root-layout';
import { RouteError, RouteLoading } from './route-states';

type RouteModule = { default: ComponentType };

/** A route's handle naming the key of its tab title (document-title.tsx). */
function titled(title: PageTitle): RouteHandle {
  return { title };
}

/** A lazy route module and the key of its tab title (document-title.tsx). */
function page(load: () => Promise<RouteModule>, title: PageTitle): Pick<RouteObject, 'lazy' | 'handle'> {
  const handle: RouteHandle = { title };
  return { lazy: async () => ({ Component: (await Promise.all([load(), loadAllNamespaces()]))[0].default }), handle };
}

/** A lazy layout route's component (a named export of app/layouts). */
function layout(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await Promise.all([load(), loadAllNamespaces()]))[0] }) };
}

const accountOrders = () => import('../features/orders/routes/account-orders-page');
const adminOrders = () => import('../features/orders/routes/admin-orders-page');
const terms = () => import('../features/pages/routes/terms-page');

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteLoading,
    children: [
      { index: true, Component: HomePage, handle: titled('home') },
      { path: paths.login.path, ...page(() => import('../features/auth/routes/login-page'), 'login') },
      { path: paths.register.path, ...page(() => import('../features/auth/routes/register-page'), 'register') },
      {
        path: paths.recovery.path,
        ...page(() => import('../features/recovery/routes/recovery-request-page'), 'recovery'),
      },
      {
        path: paths.recoveryConfirm.path,
        ...page(() => import('../features/recovery/routes/recovery-confirm-page'), 'recoveryConfirm'),
      },
      { path: paths.newOrder.path, ...page(() => import('../features/orders/routes/new-order-page'), 'newOrder') },
      { path: paths.order.path, ...page(() => import('./order-route'), 'order') },
      { path: paths.tos.path, ...page(terms, 'terms') },
      { path: paths.termsOfService.path, ...page(terms, 'terms') },
      { path: paths.aboutUs.path, ...page(() => import('../features/pages/routes/about-page'), 'aboutUs') },
      {
        path: paths.privacyPolicy.path,
        ...page(() => import('../features/pages/routes/privacy-page'), 'privacyPolicy'),
      },
      {
        path: paths.account.root.path,
        ...layout(async () => (await import('./layouts/account-layout')).AccountLayout),
        children: [
          { index: true, ...page(accountOrders, 'accountOrders') },
          { path: paths.account.orders.path, ...page(accountOrders, 'accountOrders') },
          {
            path: paths.account.supports.path,
            ...page(() => import('../features/tickets/routes/account-tickets-page'), 'accountSupports'),
          },
          {
            path: paths.account.newSupport.path,
            ...page(() => import('../features/tickets/routes/new-ticket-page'), 'newSupport'),
          },
          {
            path: paths.account.support.path,
            ...page(() => import('../features/tickets/routes/account-ticket-page'), 'accountSupport'),
          },
          {
            path: paths.account.settings.path,
            ...page(() => import('../features/settings/routes/account-settings-page'), 'accountSettings'),
          },
          {
            path: paths.account.limits.path,
            ...page(() => import('../features/settings/routes/account-limits-page'), 'accountLimits'),
          },
        ],
      },
      {
        path: paths.admin.root.path,
        ...layout(async () => (await import('./layouts/admin-layout')).AdminLayout),
        children: [
          { index: true, ...page(adminOrders, 'adminOrders') },
          { path: paths.admin.orders.path, ...page(adminOrders, 'adminOrders') },
          {
            path: paths.admin.supports.path,
            ...page(() => import('../features/tickets/routes/admin-tickets-page'), 'adminSupports'),
          },
          // Spec §2: the id 'new' on the admin side leads back to the ticket list.
          { path: paths.admin.newSupport.path, element: <Navigate to={paths.admin.supports.getHref()} replace /> },
          {
            path: paths.admin.support.path,
            ...page(() => import('../features/tickets/routes/admin-ticket-page'), 'adminSupport'),
          },
          { path: paths.admin.sms.path, ...page(() => import('../features/sms/routes/admin-sms-page'), 'adminSms') },
          {
            path: paths.admin.books.path,
            ...page(() => import('../features/reports/routes/admin-books-page'), 'adminBooks'),
          },
          {
            path: paths.admin.settings.path,
            ...page(() => import('../features/admin/routes/admin-settings-page'), 'adminSettings'),
          },
          {
            path: paths.admin.security.path,
            ...page(() => import('../features/settings/routes/staff-security-page'), 'adminSecurity'),
          },
          // Operators read the cash desks; the page offers changes to the admin alone.
          {
            path: paths.admin.cashdesk.path,
            ...page(() => import('../features/cashdesk/routes/admin-cashdesk-page'), 'adminCashdesk'),
          },
          // What changes the shop is the admins': operators see "not allowed" here.
          {
            ...layout(async () => (await import('./layouts/require-role')).AdminOnly),
            children: [
              {
                path: paths.admin.replies.path,
                ...page(() => import('../features/tickets/routes/admin-replies-page'), 'adminReplies'),
              },
              {
                path: paths.admin.users.path,
                ...page(() => import('../features/admin/routes/admin-users-page'), 'adminUsers'),
              },
              {
                path: paths.admin.user.path,
                ...page(() => import('../features/admin/routes/admin-user-page'), 'adminUser'),
              },
              {
                path: paths.admin.products.path,
                ...page(() => import('../features/admin/routes/admin-products-page'), 'adminProducts'),
              },
              {
                path: paths.admin.pms.path,
                ...page(() => import('../features/admin/routes/admin-pms-page'), 'adminPms'),
              },
              {
                path: paths.admin.devices.path,
                ...page(() => import('../features/sms/routes/admin-devices-page'), 'adminDevices'),
              },
              {
                path: paths.admin.stats.path,
                ...page(() => import('../features/reports/routes/admin-stats-page'), 'adminStats'),
              },
              {
                path: paths.admin.audit.path,
                ...page(() => import('../features/reports/routes/admin-audit-page'), 'adminAudit'),
              },
              {
                path: paths.admin.webhooks.path,
                ...page(() => import('../features/webhooks/routes/admin-webhooks-page'), 'adminWebhooks'),
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('../features/pages/routes/not-found-page'), 'notFound') },
    ],
  },
];

export const router = createBrowserRouter(routes);
