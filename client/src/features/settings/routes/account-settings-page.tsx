import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AccountSettingsPage() {
  return <PagePlaceholder titleKey="titles.accountSettings" />;
}
