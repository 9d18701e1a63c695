import { PagePlaceholder } from '../../../components/page-placeholder';

/** Placeholder: replace with the real screen. */
export default function HomePage() {
  return <PagePlaceholder titleKey="titles.home" />;
}
