import { Badge, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductDto } from '#shared/api-types';
import { PRODUCT_IDS, productCurrency, productKind, WALLETS } from '#shared/constants';
import { WalletBadge } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { useRateText } from '../../../lib/rate-text';
import classes from '../../../styles/text.module.css';
import layout from '../../../styles/layout.module.css';

/**
 * Before /home answers: the catalogue's products as their cards, what depends on the answer (wallets, the lowest
 * amount) under skeletons that keep its size, so the answer fills the cards in without moving the page.
 */
const PLACEHOLDERS: ProductDto[] = PRODUCT_IDS.map((id) => ({
  id,
  available: true,
  description: '',
  description_bn: '',
  image: null,
  pms: WALLETS.map((account) => ({
    account,
    available: true,
    rate: 1,
    min: 100,
    max: 100,
    limit_reached: false,
    hours: null,
    note: '',
    note_bn: '',
  })),
}));

/** One card per product; a click goes to /new/{id}. `products` null: the cards wait for the data (skeletons). */
export function ProductsGrid({ products }: { products: ProductDto[] | null }) {
  const { t } = useTranslation(['home', 'orders']);
  const productName = useProductName();
  const format = useFormat();
  const rateText = useRateText();
  const loading = products === null;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="md"
      aria-busy={loading || undefined}
      aria-label={loading ? t('orders:loading') : undefined}
    >
      {(products ?? PLACEHOLDERS).map((product) => {
        const kind = productKind(product.id);
        const currency = productCurrency(product.id);
        const methods = product.pms.filter((pm) => pm.available);
        const mins = methods.map((pm) => pm.min);
        const from = mins.length ? Math.min(...mins) : null;
        const disabled = !product.available || methods.length === 0;
        // The price before the click: each of the methods' rates once, as the customer reads it.
        const rates = [...new Set(methods.map((pm) => rateText(currency, pm.rate)))];
        const card = (
          <Card withBorder radius="lg" padding="lg" h="100%" opacity={disabled ? 0.6 : 1}>
            {product.image ? (
              // The product's name follows as text: the picture is decoration for a screen reader.
              <Card.Section mb="sm">
                <Image src={product.image} alt="" h={120} fit="cover" />
              </Card.Section>
            ) : null}
            <Stack gap="sm" h="100%">
              <Group justify="space-between" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light" color={kind === 'topup' ? 'brand' : 'indigo'}>
                  {kind === 'topup' ? <IconArrowDownRight size={24} /> : <IconArrowUpRight size={24} />}
                </ThemeIcon>
                <Badge variant="outline" color="gray" radius="sm">
                  {t(`currency.${currency}`)}
                </Badge>
              </Group>
              <Text fw={700} fz="lg" lh={1.3}>
                {productName(product.id)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(kind === 'topup' ? 'products.topupLine' : 'products.withdrawLine')}
              </Text>
              <Skeleton visible={loading} w={loading ? 'fit-content' : undefined}>
                <Group gap={6}>
                  {methods.map((pm) => (
                    <WalletBadge key={pm.account} wallet={pm.account} />
                  ))}
                </Group>
              </Skeleton>
              <Group justify="space-between" mt="auto" wrap="nowrap">
                <Skeleton visible={loading} w={loading ? 'fit-content' : undefined}>
                  <Text size="sm" className={classes.tabular}>
                    {disabled
                      ? t('products.unavailable')
                      : from !== null
                        ? t('products.from', { amount: format.money(from, currency) })
                        : null}
                  </Text>
                  {disabled ? null : (
                    <Text size="sm" fw={600} className={classes.tabular} data-testid="product-rate">
                      {rates.join(' · ')}
                    </Text>
                  )}
                </Skeleton>
                <IconChevronRight size={20} aria-hidden />
              </Group>
            </Stack>
          </Card>
        );
        // A waiting card is not a link yet: its product may turn out unavailable.
        if (loading) {
          return (
            <div key={product.id} aria-hidden>
              {card}
            </div>
          );
        }
        return (
          <UnstyledButton
            key={product.id}
            component={Link}
            to={paths.newOrder.getHref(product.id)}
            aria-disabled={disabled || undefined}
            display="block"
            className={layout.roundedLg}
          >
            {card}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
