import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminTicketPage() {
  return <PagePlaceholder titleKey="titles.adminSupport" />;
}
