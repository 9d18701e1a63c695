import { useTranslation } from 'react-i18next';
import { paths } from '../../../config';
import { TicketListView } from '../components/ticket-list-view';

export default function AdminTicketsPage() {
  const { t } = useTranslation('tickets');
  return (
    <TicketListView
      title={t('list.adminTitle')}
      subtitle={t('list.adminSubtitle')}
      hrefOf={paths.admin.support.getHref}
      showUser
    />
  );
}
