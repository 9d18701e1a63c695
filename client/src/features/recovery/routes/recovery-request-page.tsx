import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function RecoveryRequestPage() {
  return <PagePlaceholder titleKey="titles.recovery" />;
}
