import {
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconPhotoOff, IconPhotoUp } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '#shared/api-types';
import { productPatchBodySchema } from '#shared/schemas';
import { WalletLabel } from '../../../components/wallet-label';
import { useProductName, useWalletName } from '../../../i18n/labels';
import { localizeDigits, useFormat } from '../../../lib/format';
import { zodResolver } from '../../../lib/form';
import { adminKeys, saveProduct, uploadProductImage, type ProductPatch } from '../api/admin-api';
import { showSuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import type { Language } from '../../../i18n';

const productSchema = productPatchBodySchema.shape.product;

/** The product's terms as form values, in the UI language's digits (the shared schema reads either). */
function toForm(product: ProductDto, language: Language): ProductPatch {
  const digits = (text: string) => localizeDigits(text, language);
  return {
    available: product.available,
    description: product.description,
    description_bn: product.description_bn,
    pms: product.pms.map((pm) => ({
      account: pm.account,
      available: pm.available,
      rate: digits(String(pm.rate)),
      min: digits(pm.min.toFixed(2)),
      max: digits(pm.max.toFixed(2)),
    })),
  };
}

/** One product: availability, description and per-method availability, rate, min and max. */
export function ProductCard({ product }: { product: ProductDto }) {
  const { t } = useTranslation('admin');
  const productName = useProductName();
  const walletName = useWalletName();
  const format = useFormat();
  const form = useForm<ProductPatch>({
    initialValues: toForm(product, format.language),
    validate: zodResolver(productSchema),
    validateInputOnBlur: true,
  });
  const { submit, pending: saving } = useSubmit({
    send: (values: ProductPatch) => {
      const parsed = productSchema.parse(values);
      return saveProduct(product.id, {
        available: parsed.available ?? values.available,
        description: parsed.description ?? '',
        description_bn: parsed.description_bn ?? '',
        pms: parsed.pms ?? [],
      });
    },
    onDone: () => {
      form.resetDirty();
      showSuccess('notify.success');
      void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
    },
  });
  const save = form.onSubmit((values) => void submit(values));

  const name = productName(product.id);
  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={save} noValidate aria-label={name}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} fz="lg">
            {name}
          </Text>
          <Switch
            size="md"
            label={t('products.available')}
            {...form.getInputProps('available', { type: 'checkbox' })}
          />
        </Group>
        <ProductImageField productId={product.id} name={name} initial={product.image} />
        <Textarea
          label={t('products.description')}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('products.descriptionBn')}
          description={t('products.descriptionBnHint')}
          lang="bn"
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description_bn')}
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
                      <Switch
                        aria-label={`${method}: ${t('products.available')}`}
                        {...form.getInputProps(`pms.${index}.available`, { type: 'checkbox' })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="sm"
                        inputMode="decimal"
                        aria-label={`${method}: ${t('products.rate')}`}
                        {...form.getInputProps(`pms.${index}.rate`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="sm"
                        inputMode="decimal"
                        aria-label={`${method}: ${t('products.min')}`}
                        {...form.getInputProps(`pms.${index}.min`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="sm"
                        inputMode="decimal"
                        aria-label={`${method}: ${t('products.max')}`}
                        {...form.getInputProps(`pms.${index}.max`)}
                      />
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

/** The product's picture (product.md §6.1): shown, and replaced at once by an uploaded JPEG/PNG (no separate save). */
function ProductImageField({ productId, name, initial }: { productId: string; name: string; initial: string | null }) {
  const { t } = useTranslation('admin');
  const [image, setImage] = useState(initial);
  const { submit, pending: uploading } = useSubmit({
    send: (file: File) => uploadProductImage(productId, file),
    fallbackKey: 'errors.badProductImage',
    onDone: (answer) => {
      setImage(answer.product.image);
      showSuccess('admin:products.imageSaved');
      void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
    },
  });
  const upload = (file: File | null) => {
    if (file) void submit(file);
  };
  return (
    <Group gap="md" wrap="nowrap" align="center">
      {image ? (
        <Image src={image} alt={t('products.imageAlt', { name })} w={72} h={72} radius="md" fit="cover" />
      ) : (
        <ThemeIcon size={72} radius="md" variant="light" color="gray" role="img" aria-label={t('products.noImage')}>
          <IconPhotoOff size={28} aria-hidden />
        </ThemeIcon>
      )}
      <Stack gap={4} miw={0}>
        <Text size="sm" fw={500}>
          {t('products.image')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('products.imageHint')}
        </Text>
        <FileButton
          onChange={upload}
          accept="image/png,image/jpeg"
          inputProps={{ 'aria-label': t('products.imageChoose') }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhotoUp size={16} />}
              loading={uploading}
              w="fit-content"
            >
              {t('products.imageChoose')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Group>
  );
}
