import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminSettingsPage() {
  return <PagePlaceholder titleKey="titles.adminSettings" />;
}
