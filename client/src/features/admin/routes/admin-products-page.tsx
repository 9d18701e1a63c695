import { Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../lib/query';
import { useAdminProducts } from '../api/admin-api';
import { ProductCard } from '../components/product-card';

/** /admin/products — one card per product. */
export default function AdminProductsPage() {
  const { t } = useTranslation(['admin', 'orders']);
  const { data, error, isPending } = useAdminProducts();
  useErrorToast(error, 'errors.productLoad');
  const products = data?.products ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('products.title')} />
      {isPending ? (
        <Center py="xl">
          <Loader aria-label={t('orders:loading')} />
        </Center>
      ) : products.length === 0 ? (
        <Text c="dimmed">{t('errors.productLoad')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
