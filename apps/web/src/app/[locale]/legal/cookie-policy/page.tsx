import { LegalPage, legalPageMetadata } from '../../../../components/legal/legal-page';

export const generateMetadata = () => legalPageMetadata('cookiePolicy');

export default function Page() {
  return <LegalPage document="cookiePolicy" />;
}
