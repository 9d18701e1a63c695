// Names built from data (a product id, a wallet) through the typed keys; an id the locales do not know is shown
// as it is rather than as a missing key.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isProductId, WALLETS, type Wallet } from '#shared/constants';

const isWallet = (value: string): value is Wallet => (WALLETS as readonly string[]).includes(value);

/** 'Product' names of product.md §1.1: `1xbet_topup_bdt` → '1xBet Topup (BDT)'. */
export function useProductName(): (productId: string) => string {
  const { t } = useTranslation('orders');
  return useCallback((productId) => (isProductId(productId) ? t(`product.${productId}`) : productId), [t]);
}

/** 'bkash' → 'bKash' (বিকাশ in BN). */
export function useWalletName(): (wallet: string) => string {
  const { t } = useTranslation('common');
  return useCallback((wallet) => (isWallet(wallet) ? t(`wallets.${wallet}`) : wallet), [t]);
}
