import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function PrivacyPage() {
  return <PagePlaceholder titleKey="titles.privacyPolicy" />;
}
