import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminTicketsPage() {
  return <PagePlaceholder titleKey="titles.adminSupports" />;
}
