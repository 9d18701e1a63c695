import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminUserPage() {
  return <PagePlaceholder titleKey="titles.adminUser" />;
}
