import { StaticPage } from '../components/static-page';

export default function PrivacyPage() {
  return <StaticPage page="privacy" />;
}
