import { ActionIcon, Anchor, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderCustomerDto } from '#shared/order-filters';
import { paths } from '../../../config';
import { copyToClipboard } from '../../../lib/clipboard';
import { useFormat } from '../../../lib/format';
import { useIsAdmin } from '../../../lib/session';
import classes from '../../../styles/text.module.css';

/** Who placed the order, in the admin's popup: name, e-mail with copy, public number and order count. */
export function OrderCustomer({
  userId,
  customer,
  onOpen,
}: {
  userId: string | null;
  customer?: OrderCustomerDto;
  onOpen: () => void;
}) {
  const { t } = useTranslation('console');
  const format = useFormat();
  // The user's page is the admins': operators see the customer without the link.
  const isAdmin = useIsAdmin();
  if (!userId) {
    return (
      <Text size="sm" c="dimmed">
        {t('customer.guest')}
      </Text>
    );
  }
  if (!customer) return null;
  return (
    <Card withBorder radius="md" p="sm" data-testid="order-customer">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} className={classes.breakWord}>
            {customer.name}
          </Text>
          {isAdmin ? (
            <Anchor component={Link} to={paths.admin.user.getHref(customer.id)} onClick={onOpen} size="sm">
              {t('customer.open')}
            </Anchor>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" className={classes.breakAll}>
            {customer.email}
          </Text>
          <Tooltip label={t('customer.copyEmail')}>
            <ActionIcon
              variant="subtle"
              size={36}
              aria-label={t('customer.copyEmail')}
              onClick={() => void copyToClipboard(customer.email)}
            >
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('customer.number')}
            </Text>
            <Text>{format.number(customer.num)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('customer.orders')}
            </Text>
            <Text>{format.number(customer.orders)}</Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
