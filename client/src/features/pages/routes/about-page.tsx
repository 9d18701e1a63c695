import { StaticPage } from '../components/static-page';

export default function AboutPage() {
  return <StaticPage page="about" />;
}
