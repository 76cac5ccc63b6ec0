import { LegalPage, legalPageMetadata } from '../../../../components/legal/legal-page';

export const generateMetadata = () => legalPageMetadata('termsOfService');

export default function Page() {
  return <LegalPage document="termsOfService" />;
}
