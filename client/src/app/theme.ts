// One calm brand colour (a deep teal) and the wallets' own accents (product.md §2.13).
import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import type { Wallet } from '#shared/constants';
import type { Language } from '../i18n';
import { BENGALI_FONTS, BRAND_SHADES, PRIMARY_SHADE, SYSTEM_FONTS } from './theme-tokens';

const brand: MantineColorsTuple = BRAND_SHADES;

/** Wallet accent colours; always shown together with the wallet's written name. */
export const WALLET_COLORS: Record<Wallet, string> = {
  bkash: '#E2136E',
  nagad: '#F6921E',
  rocket: '#8C3494',
};

/**
 * Text on a pale background (light, subtle, outline and white badges, buttons and alerts) is Mantine's colour darkened,
 * so wallet, status and role badges keep 4.5:1 (client/README.md, "Accessibility"): Mantine's own green, yellow and the wallets' accents
 * fall to 2.1-3.9:1 on their tints.
 */
const PALE_VARIANTS = new Set(['light', 'subtle', 'outline', 'white']);
const contrastWithWhite = (color: string) => 1.05 / (luminance(color) + 0.05);
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.value || parsed.value.startsWith('var(')) return colors;
  if (input.variant && PALE_VARIANTS.has(input.variant)) return { ...colors, color: darken(parsed.value, 0.4) };
  // White text on a filled colour: green.8 is 3.4:1, so such a background is darkened until it reaches 4.5:1.
  if ((input.variant ?? 'filled') === 'filled' && colors.color === 'var(--mantine-color-white)') {
    let background = parsed.value;
    for (let step = 0; step < 8 && contrastWithWhite(background) < 4.6; step += 1)
      background = darken(background, 0.08);
    if (background !== parsed.value) return { ...colors, background, hover: darken(background, 0.1) };
  }
  return colors;
};

/** `closeLabel` names the close (×) button of every modal and drawer for screen readers. */
export function buildTheme(language: Language, closeLabel: string) {
  const fontFamily = language === 'BN' ? BENGALI_FONTS : SYSTEM_FONTS;
  return createTheme({
    primaryColor: 'brand',
    // Shade 8 keeps white button text and brand links above 4.5:1 contrast.
    primaryShade: { light: PRIMARY_SHADE, dark: 5 },
    colors: { brand },
    fontFamily,
    headings: { fontFamily, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Transitions of modals, menus and drawers are skipped for people who asked their system for less motion.
    respectReducedMotion: true,
    variantColorResolver,
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      // Mantine puts a role="presentation" placeholder inside role="menu", which may own only menu items.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A toast's message under its title is gray.6 (3.3:1) by default.
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
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

/** Mantine's dimmed grey (gray.6) is about 3.3:1 on white; gray.7 keeps secondary text above 4.5:1 (product.md §2.13). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Links in brand.8 are 4.48:1 on the grey cards (gray.0); brand.9 keeps them above 4.5:1 everywhere.
  // A field's error (its message and its red text) in red.6 is 3.3:1; red.9 keeps it above 4.5:1
  // the checkout's "minimum ৳১০০" must be read).
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-9)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
