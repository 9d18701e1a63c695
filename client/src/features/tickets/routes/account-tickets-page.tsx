import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AccountTicketsPage() {
  return <PagePlaceholder titleKey="titles.accountSupports" />;
}
