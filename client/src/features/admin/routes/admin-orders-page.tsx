import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminOrdersPage() {
  return <PagePlaceholder titleKey="titles.adminOrders" />;
}
