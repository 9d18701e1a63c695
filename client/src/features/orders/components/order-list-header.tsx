import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** Title of a paged order list with its refresh control; `children` go beside the refresh (e.g. 'New order'). */
export function OrderListHeader({
  title,
  loading,
  onRefresh,
  children,
}: {
  title: string;
  loading: boolean;
  onRefresh: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('orders');
  return (
    <PageHeader
      title={title}
      actions={
        <>
          <Tooltip label={t('list.refresh')}>
            <ActionIcon size={44} variant="light" onClick={onRefresh} loading={loading} aria-label={t('list.refresh')}>
              <IconRefresh size={22} />
            </ActionIcon>
          </Tooltip>
          {children}
        </>
      }
    />
  );
}
