import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function NewTicketPage() {
  return <PagePlaceholder titleKey="titles.newSupport" />;
}
