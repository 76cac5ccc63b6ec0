import { LegalPage, legalPageMetadata } from '../../../../../components/legal/legal-page';

export const generateMetadata = () => legalPageMetadata('subscriptionTerms');

export default function Page() {
  return <LegalPage document="subscriptionTerms" />;
}
