// One calm brand colour (a deep teal) and the wallets' own accents (design §8).
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import type { Wallet } from '#shared/constants';
import type { Language } from '../i18n';

const brand: MantineColorsTuple = [
  '#e6f7f5',
  '#cdeeea',
  '#9cdcd4',
  '#67c9bd',
  '#3eb8aa',
  '#24ad9e',
  '#11a797',
  '#009283',
  '#008274',
  '#006f63',
];

/** Wallet accent colours; always shown together with the wallet's written name. */
export const WALLET_COLORS: Record<Wallet, string> = {
  bkash: '#E2136E',
  nagad: '#F6921E',
  rocket: '#8C3494',
};

const SYSTEM_FONTS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";
const BENGALI_FONTS = `'Noto Sans Bengali', ${SYSTEM_FONTS}`;

export function buildTheme(language: Language) {
  const fontFamily = language === 'BN' ? BENGALI_FONTS : SYSTEM_FONTS;
  return createTheme({
    primaryColor: 'brand',
    // Shade 8 keeps white button text and brand links above 4.5:1 contrast.
    primaryShade: { light: 8, dark: 5 },
    colors: { brand },
    fontFamily,
    headings: { fontFamily, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      // Large touch targets on phones.
      Button: { defaultProps: { size: 'md' } },
      TextInput: { defaultProps: { size: 'md' } },
      PasswordInput: { defaultProps: { size: 'md' } },
      Select: { defaultProps: { size: 'md' } },
      NumberInput: { defaultProps: { size: 'md' } },
      Textarea: { defaultProps: { size: 'md' } },
    },
  });
}

/** Mantine's dimmed grey (gray.6) is about 3.3:1 on white; gray.7 keeps secondary text above 4.5:1 (design §8). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
