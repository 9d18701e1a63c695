import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '#shared/api-types';
import { listProducts } from '../api/admin-api';
import { showError } from '../../../lib/notify';
import { ProductCard } from '../components/product-card';

/** /admin/products — one card per product. */
export default function AdminProductsPage() {
  const { t } = useTranslation(['admin', 'orders']);
  const [products, setProducts] = useState<ProductDto[] | null>(null);
  useEffect(() => {
    void listProducts().then((answer) => {
      if (answer.ok) setProducts(answer.products);
      else {
        showError(answer, 'errors.productLoad');
        setProducts([]);
      }
    });
  }, []);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('products.title')}
      </Title>
      {products === null ? (
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
