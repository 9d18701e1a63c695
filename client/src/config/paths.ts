// Typed route map (product.md §2). `path` is for the router, `getHref` for links.
const enc = encodeURIComponent;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  recovery: { path: '/recovery', getHref: () => '/recovery' },
  recoveryConfirm: { path: '/recovery/:id', getHref: (id: string) => `/recovery/${enc(id)}` },
  newOrder: { path: '/new/:id', getHref: (productId: string) => `/new/${enc(productId)}` },
  order: { path: '/orders/:id', getHref: (id: string) => `/orders/${enc(id)}` },
  tos: { path: '/tos', getHref: () => '/tos' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },

  account: {
    root: { path: '/account', getHref: () => '/account' },
    orders: { path: '/account/orders', getHref: () => '/account/orders' },
    supports: { path: '/account/supports', getHref: () => '/account/supports' },
    /** With an order id: a ticket about that order (its "Need help?"). */
    newSupport: {
      path: '/account/supports/new',
      getHref: (orderId?: string) =>
        orderId ? `/account/supports/new?order=${enc(orderId)}` : '/account/supports/new',
    },
    support: { path: '/account/supports/:id', getHref: (id: string) => `/account/supports/${enc(id)}` },
    settings: { path: '/account/settings', getHref: () => '/account/settings' },
    /** The customer's own deposit limits and self-exclusion (decisions 271-272); the footer's "Play responsibly". */
    limits: { path: '/account/limits', getHref: () => '/account/limits' },
  },

  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    orders: { path: '/admin/orders', getHref: () => '/admin/orders' },
    supports: { path: '/admin/supports', getHref: () => '/admin/supports' },
    newSupport: { path: '/admin/supports/new', getHref: () => '/admin/supports/new' },
    support: { path: '/admin/supports/:id', getHref: (id: string) => `/admin/supports/${enc(id)}` },
    replies: { path: '/admin/replies', getHref: () => '/admin/replies' },
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    user: { path: '/admin/users/:id', getHref: (id: string) => `/admin/users/${enc(id)}` },
    products: { path: '/admin/products', getHref: () => '/admin/products' },
    pms: { path: '/admin/pms', getHref: () => '/admin/pms' },
    devices: { path: '/admin/devices', getHref: () => '/admin/devices' },
    sms: { path: '/admin/sms', getHref: () => '/admin/sms' },
    settings: { path: '/admin/settings', getHref: () => '/admin/settings' },
    stats: { path: '/admin/stats', getHref: () => '/admin/stats' },
    books: { path: '/admin/books', getHref: () => '/admin/books' },
    audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
    webhooks: { path: '/admin/webhooks', getHref: () => '/admin/webhooks' },
    cashdesk: { path: '/admin/cashdesk', getHref: () => '/admin/cashdesk' },
    /** The staff member's own two-factor sign-in. */
    security: { path: '/admin/security', getHref: () => '/admin/security' },
  },
} as const;

/** Where "Dashboard" leads for a role (product.md §2.2 header, §2 login): staff (admins, operators) to the queue. */
export function dashboardHref(role: string | undefined): string {
  return role === 'admin' || role === 'operator' ? paths.admin.orders.getHref() : paths.account.orders.getHref();
}

/**
 * The order page's "Need help?" for guests (decision 282): its element id, which the page's own advice ("open a
 * ticket" on a timed-out order) links to as `#need-help`.
 */
export const GUEST_SUPPORT_ANCHOR = 'need-help';

/** Header and footer are hidden inside the dashboards (product.md §2.2: paths starting /admin or /accou). */
export function isDashboardPath(pathname: string): boolean {
  return pathname.startsWith('/admin') || pathname.startsWith('/accou');
}
