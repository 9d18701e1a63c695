import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function RecoveryConfirmPage() {
  return <PagePlaceholder titleKey="titles.recoveryConfirm" />;
}
