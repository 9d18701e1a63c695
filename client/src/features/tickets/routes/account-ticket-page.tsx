import { useParams } from 'react-router-dom';
import { paths } from '../../../config';
import { NewTicketForm } from '../components/new-ticket-form';
import { TicketConversation } from '../components/ticket-conversation';

export default function AccountTicketPage() {
  const { id = '' } = useParams();
  // Spec §2: the id 'new' shows the new-ticket form.
  if (id === 'new') return <NewTicketForm />;
  return <TicketConversation key={id} id={id} viewer="user" backHref={paths.account.supports.getHref()} />;
}
