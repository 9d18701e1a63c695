import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AccountOrdersPage() {
  return <PagePlaceholder titleKey="titles.accountOrders" />;
}
