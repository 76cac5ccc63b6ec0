import { LegalPage, legalPageMetadata } from '../../../../components/legal/legal-page';

export const generateMetadata = () => legalPageMetadata('privacyPolicy');

export default function Page() {
  return <LegalPage document="privacyPolicy" />;
}
