import { useTranslation } from 'react-i18next';
import { paths } from '../../../config';
import { TicketListView } from '../components/ticket-list-view';

export default function AccountTicketsPage() {
  const { t } = useTranslation('tickets');
  return (
    <TicketListView
      title={t('list.accountTitle')}
      subtitle={t('list.accountSubtitle')}
      hrefOf={paths.account.support.getHref}
      newHref={paths.account.newSupport.getHref()}
    />
  );
}
