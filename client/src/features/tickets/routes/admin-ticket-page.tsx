import { useParams } from 'react-router-dom';
import { paths } from '../../../config';
import { TicketConversation } from '../components/ticket-conversation';

export default function AdminTicketPage() {
  const { id = '' } = useParams();
  return <TicketConversation key={id} id={id} viewer="admin" backHref={paths.admin.supports.getHref()} />;
}
