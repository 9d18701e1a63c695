import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function OrderPage() {
  return <PagePlaceholder titleKey="titles.order" />;
}
