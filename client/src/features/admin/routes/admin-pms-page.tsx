import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AdminPmsPage() {
  return <PagePlaceholder titleKey="titles.adminPms" />;
}
