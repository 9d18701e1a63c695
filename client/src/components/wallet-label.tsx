import { Badge, Box, Group, Text, type BadgeProps } from '@mantine/core';
import { useWalletName } from '../i18n/labels';
import type { Wallet } from '#shared/constants';
import layout from '../styles/layout.module.css';

/** The wallets' own accents (product.md §2.13); the same values as the theme's WALLET_COLORS, which lives in app/. */
export const WALLET_ACCENTS: Record<Wallet, string> = {
  bkash: '#E2136E',
  nagad: '#F6921E',
  rocket: '#8C3494',
};

export function walletAccent(wallet: string): string {
  return WALLET_ACCENTS[wallet as Wallet] ?? 'var(--mantine-color-gray-6)';
}

/** A wallet's name written out, with its colour as an accent dot. */
export function WalletLabel({ wallet, size = 'md' }: { wallet: string; size?: 'sm' | 'md' | 'lg' }) {
  const walletName = useWalletName();
  const dot = size === 'lg' ? 14 : 10;
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <Box component="span" aria-hidden className={layout.dot} w={dot} h={dot} bg={walletAccent(wallet)} />
      <Text component="span" fw={600} size={size}>
        {walletName(wallet)}
      </Text>
    </Group>
  );
}

/** Compact wallet badge (tables, cards). */
export function WalletBadge({ wallet, ...props }: { wallet: string } & BadgeProps) {
  const walletName = useWalletName();
  return (
    <Badge variant="light" color={walletAccent(wallet)} radius="sm" tt="none" {...props}>
      {walletName(wallet)}
    </Badge>
  );
}
