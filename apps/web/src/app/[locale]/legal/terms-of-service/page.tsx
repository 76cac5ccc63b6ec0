import { LegalPage } from '../../../../components/legal/legal-page';

export default function Page() {
  return <LegalPage document="termsOfService" />;
}
