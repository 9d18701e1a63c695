import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function AboutPage() {
  return <PagePlaceholder titleKey="titles.aboutUs" />;
}
