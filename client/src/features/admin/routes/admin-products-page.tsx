import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminProductsPage() {
  return <PagePlaceholder titleKey="titles.adminProducts" />;
}
