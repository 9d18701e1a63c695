// The tab title and <html lang> follow the route and the language: 'Orders · Wallet Shop' / 'অর্ডার · ওয়ালেট শপ'.
// The web app manifest follows the language too, so "Add to Home screen" names the shop in it (client/README.md, "Installable web app").
// Each route names its title key in its `handle` (router.tsx); the deepest match that has one wins. The admin's
// waiting count goes before it: '(3) Orders · Wallet Shop' (decision 119).
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { Language } from '../i18n';
import type { LocaleResources } from '../i18n/resources';
import { titleCountAtom } from '../lib/attention';
import { formatNumber } from '../lib/format';
import { useLanguage } from '../lib/session';

const MANIFEST: Record<Language, string> = { EN: '/manifest.webmanifest', BN: '/manifest.bn.webmanifest' };

export type PageTitle = keyof LocaleResources['common']['titles'];
export interface RouteHandle {
  title: PageTitle;
}

function titleOf(handle: unknown): PageTitle | undefined {
  return handle && typeof handle === 'object' && 'title' in handle ? (handle as RouteHandle).title : undefined;
}

export function DocumentTitle() {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const matches = useMatches();
  const title = matches.map((match) => titleOf(match.handle)).findLast((key) => key !== undefined);
  const count = useAtomValue(titleCountAtom);

  useEffect(() => {
    document.documentElement.lang = language.toLowerCase();
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', MANIFEST[language]);
    const text = title ? t('titles.format', { page: t(`titles.${title}`), app: t('app.name') }) : t('app.name');
    document.title = count > 0 ? `(${formatNumber(count, language)}) ${text}` : text;
  }, [count, language, t, title]);
  return null;
}
