import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function NewOrderPage() {
  return <PagePlaceholder titleKey="titles.newOrder" />;
}
