// Session and app-wide state as Jotai atoms in the default store, so non-React modules (api, socket) share them.
import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { UserDto } from '#shared/api-types';
import { STORAGE_KEYS } from '../config';
import { applyLanguage, readPreferredLanguage, type Language } from '../i18n';
import { readStored, writeStored } from './storage';

export const store = getDefaultStore();

// ---------- token ----------
const tokenBaseAtom = atom<string | null>(readStored(STORAGE_KEYS.token));

/** The session token (localStorage `jwt`). Writing null logs out at the API level. */
export const tokenAtom = atom(
  (get) => get(tokenBaseAtom),
  (_get, set, token: string | null) => {
    writeStored(STORAGE_KEYS.token, token);
    set(tokenBaseAtom, token);
  },
);

// ---------- user ----------
const userBaseAtom = atom<UserDto | null>(null);

/**
 * True until we know who the token belongs to. Starts true when a token is stored, because guarded
 * screens must render nothing (not a redirect) before the session is restored.
 */
export const userLoadingAtom = atom<boolean>(readStored(STORAGE_KEYS.token) !== null);

/** The current user. Setting it (even to null) also ends the loading state. */
export const userAtom = atom(
  (get) => get(userBaseAtom),
  (_get, set, user: UserDto | null) => {
    set(userBaseAtom, user ? withoutJwt(user) : null);
    set(userLoadingAtom, false);
  },
);

function withoutJwt(user: UserDto): UserDto {
  const { jwt: _jwt, ...rest } = user;
  return rest;
}

/** Stores the token and user of a login/register answer. */
export function startSession(user: UserDto): void {
  if (user.jwt) store.set(tokenAtom, user.jwt);
  store.set(userAtom, user);
  if (user.two_factor) store.set(twoFactorRequiredAtom, false);
}

/** A server answer with `logout: true`: the token is dead, drop everything at once. */
export function endSessionNow(): void {
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(twoFactorRequiredAtom, false);
}

// ---------- language ----------
const languageBaseAtom = atom<Language>(readPreferredLanguage());

/** 'EN' | 'BN'. Writing it switches i18next and saves PREF_LANG. */
export const languageAtom = atom(
  (get) => get(languageBaseAtom),
  (_get, set, language: Language) => {
    applyLanguage(language);
    set(languageBaseAtom, language);
  },
);

export const useLanguage = () => useAtomValue(languageAtom);

/** Whether the signed-in user is an admin (operators do not get the admin-only screens and links). */
export const useIsAdmin = () => useAtomValue(userAtom)?.role === 'admin';

// ---------- staff two-factor rule ----------
/**
 * The server answered 403 errors.twoFactorRequired (STAFF_2FA=required): the dashboard takes the staff
 * member to the two-factor setup until it is on. Cleared when the session changes.
 */
export const twoFactorRequiredAtom = atom(false);

// ---------- admin online badge ----------
/** null until the home page or a realtime event tells us. */
export const adminOnlineAtom = atom<boolean | null>(null);

// ---------- global loading overlay ----------
/** Number of tasks currently holding the overlay; a counter so overlapping tasks don't hide it early. */
export const overlayTasksAtom = atom(0);
export const overlayVisibleAtom = atom((get) => get(overlayTasksAtom) > 0);

/** Shows the global overlay while `task` runs. */
export async function withLoadingOverlay<T>(task: () => Promise<T>): Promise<T> {
  store.set(overlayTasksAtom, (n) => n + 1);
  try {
    return await task();
  } finally {
    store.set(overlayTasksAtom, (n) => Math.max(0, n - 1));
  }
}
