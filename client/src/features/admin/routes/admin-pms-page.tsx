import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodDto } from '#shared/api-types';
import { WALLETS } from '#shared/constants';
import { listPms } from '../api/admin-api';
import { showError } from '../../../lib/notify';
import { PmCard } from '../components/pm-card';

/** /admin/pms — one card per payment method; wallets the server has not saved yet get an empty card. */
export default function AdminPmsPage() {
  const { t } = useTranslation(['admin', 'orders']);
  const [pms, setPms] = useState<PaymentMethodDto[] | null>(null);
  useEffect(() => {
    void listPms().then((answer) => {
      if (!answer.ok) {
        showError(answer);
        setPms([]);
        return;
      }
      const saved = answer.pms;
      const missing = WALLETS.filter((account) => !saved.some((pm) => pm.account === account));
      // Spec §7: the list is used to find methods not saved yet; none new is worth a line for whoever debugs it.
      if (missing.length === 0) console.info('No more payment methods found');
      setPms([...saved, ...missing.map((account) => ({ account, wallet: '', note: '', available: false, daily_count_limit: null, daily_amount_limit: null, hours: null }))]);
    });
  }, []);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('pms.title')}
      </Title>
      {pms === null ? (
        <Center py="xl">
          <Loader aria-label={t('orders:loading')} />
        </Center>
      ) : pms.length === 0 ? (
        <Text c="dimmed">{t('pms.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {pms.map((pm) => (
            <PmCard key={pm.account} pm={pm} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
