// How many items wait for the signed-in admin, shown before the tab title: "(3) Orders · Wallet Shop" (decision
// 119). The admin's alerts set it; zero (everyone else, or the admin who switched it off) shows the title alone.
import { atom } from 'jotai';

export const titleCountAtom = atom(0);
