import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductDto } from '#shared/api-types';
import { productCurrency, productKind } from '#shared/constants';
import { WalletBadge } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';

/** One card per product; a click goes to /new/{id}. */
export function ProductsGrid({ products }: { products: ProductDto[] }) {
  const { t } = useTranslation('home');
  const productName = useProductName();
  const format = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {products.map((product) => {
        const kind = productKind(product.id);
        const currency = productCurrency(product.id);
        const methods = product.pms.filter((pm) => pm.available);
        const mins = methods.map((pm) => pm.min);
        const from = mins.length ? Math.min(...mins) : null;
        const disabled = !product.available || methods.length === 0;
        return (
          <UnstyledButton
            key={product.id}
            component={Link}
            to={paths.newOrder.getHref(product.id)}
            aria-disabled={disabled || undefined}
            style={{ display: 'block', borderRadius: 'var(--mantine-radius-lg)' }}
          >
            <Card withBorder radius="lg" padding="lg" h="100%" style={{ opacity: disabled ? 0.6 : 1 }}>
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
                <Group gap={6}>
                  {methods.map((pm) => (
                    <WalletBadge key={pm.account} wallet={pm.account} />
                  ))}
                </Group>
                <Group justify="space-between" mt="auto" wrap="nowrap">
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {disabled ? t('products.unavailable') : from !== null ? t('products.from', { amount: format.money(from, currency) }) : null}
                  </Text>
                  <IconChevronRight size={20} aria-hidden />
                </Group>
              </Stack>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
