// The theme's brand colours and font stacks without Mantine, so the build's static app shell (client/build/app-shell.ts,
// decision 065) paints with the same values as the theme (theme.ts) and cannot drift from it.

/** One calm brand colour, a deep teal, in Mantine's ten shades (product.md §2.13). */
export const BRAND_SHADES = [
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
] as const;

/** Shade 8 keeps white button text and brand links above 4.5:1 contrast. */
export const PRIMARY_SHADE = 8;

export const SYSTEM_FONTS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";
export const BENGALI_FONTS = `'Noto Sans Bengali', ${SYSTEM_FONTS}`;
