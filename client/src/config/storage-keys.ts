// localStorage keys of product.md §2.1 ("Stored locally"), in a module of their own: the build's app shell script
// (client/build/app-shell.ts, decision 065) reads the same keys before any of the app's code runs.
export const STORAGE_KEYS = {
  token: 'jwt',
  language: 'PREF_LANG',
  gate: 'okay',
  recovery: 'recovery',
  /** The order page's "Notify me on this phone" was dismissed: never offered again on this browser (decision 276). */
  pushOfferDismissed: 'push-offer-dismissed',
  /** What this browser follows by push (order ids, `user:<id>` for an account; space-separated): the page says so instead of offering again. */
  pushOrders: 'push-orders',
} as const;
