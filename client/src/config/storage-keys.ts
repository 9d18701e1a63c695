// localStorage keys of spec §3 ("Stored locally"), in a module of their own: the build's app shell script
// (client/build/app-shell.ts, decision 065) reads the same keys before any of the app's code runs.
export const STORAGE_KEYS = {
  token: 'jwt',
  language: 'PREF_LANG',
  gate: 'okay',
  recovery: 'recovery',
} as const;
