import { StaticPage } from '../components/static-page';

export default function TermsPage() {
  return <StaticPage page="terms" />;
}
