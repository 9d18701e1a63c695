import { Button, Card, Group, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '#shared/api-types';
import { productPatchBodySchema } from '#shared/schemas';
import { WalletLabel } from '../../../components/wallet-label';
import { useProductName, useWalletName } from '../../../i18n/labels';
import { zodResolver } from '../../../lib/form';
import { saveProduct, type ProductPatch } from '../api/admin-api';
import { showError, showSuccess } from '../../../lib/notify';

const productSchema = productPatchBodySchema.shape.product;

function toForm(product: ProductDto): ProductPatch {
  return {
    available: product.available,
    description: product.description,
    pms: product.pms.map((pm) => ({
      account: pm.account,
      available: pm.available,
      rate: String(pm.rate),
      min: pm.min.toFixed(2),
      max: pm.max.toFixed(2),
    })),
  };
}

/** One product: availability, description and per-method availability, rate, min and max. */
export function ProductCard({ product }: { product: ProductDto }) {
  const { t } = useTranslation('admin');
  const productName = useProductName();
  const walletName = useWalletName();
  const [saving, setSaving] = useState(false);
  const form = useForm<ProductPatch>({ initialValues: toForm(product), validate: zodResolver(productSchema), validateInputOnBlur: true });

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const answer = await saveProduct(product.id, {
        ...values,
        description: values.description.trim(),
        pms: values.pms.map((pm) => ({ ...pm, rate: pm.rate.trim(), min: pm.min.trim(), max: pm.max.trim() })),
      });
      if (!answer.ok) showError(answer);
      else {
        form.resetDirty();
        showSuccess('notify.success');
      }
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  });

  const name = productName(product.id);
  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={save} noValidate aria-label={name}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} fz="lg">
            {name}
          </Text>
          <Switch size="md" label={t('products.available')} {...form.getInputProps('available', { type: 'checkbox' })} />
        </Group>
        <Textarea
          label={t('products.description')}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.method')}</Table.Th>
                <Table.Th>{t('products.available')}</Table.Th>
                <Table.Th>{t('products.rate')}</Table.Th>
                <Table.Th>{t('products.min')}</Table.Th>
                <Table.Th>{t('products.max')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.pms.map((pm, index) => {
                const method = walletName(pm.account);
                return (
                  <Table.Tr key={pm.account}>
                    <Table.Td>
                      <WalletLabel wallet={pm.account} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <Switch aria-label={`${method}: ${t('products.available')}`} {...form.getInputProps(`pms.${index}.available`, { type: 'checkbox' })} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput size="sm" inputMode="decimal" aria-label={`${method}: ${t('products.rate')}`} {...form.getInputProps(`pms.${index}.rate`)} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput size="sm" inputMode="decimal" aria-label={`${method}: ${t('products.min')}`} {...form.getInputProps(`pms.${index}.min`)} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput size="sm" inputMode="decimal" aria-label={`${method}: ${t('products.max')}`} {...form.getInputProps(`pms.${index}.max`)} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
