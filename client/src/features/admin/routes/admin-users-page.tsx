import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminUsersPage() {
  return <PagePlaceholder titleKey="titles.adminUsers" />;
}
