import { LegalPage, legalPageMetadata } from '../../../../components/legal/legal-page';

export const generateMetadata = () => legalPageMetadata('pricing');

export default function Page() {
  return <LegalPage document="pricing" />;
}
