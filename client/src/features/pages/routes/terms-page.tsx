import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function TermsPage() {
  return <PagePlaceholder titleKey="titles.terms" />;
}
