import { NewTicketForm } from '../components/new-ticket-form';

export default function NewTicketPage() {
  return <NewTicketForm />;
}
