import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AccountTicketPage() {
  return <PagePlaceholder titleKey="titles.accountSupport" />;
}
