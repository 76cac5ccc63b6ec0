import { ISSUER_OUTCOMES } from '@checkout/core/contract';
import { IssuerLogin } from '../issuer-login';
import { LoginForm } from '../login-form';

interface Props {
  searchParams: Promise<{ issuer?: string | string[] }>;
}

/** Password and code; or, back from the staff issuer, its outcome (`?issuer=`, decision 013). */
export default async function ConsoleLoginPage({ searchParams }: Props) {
  const { issuer } = await searchParams;
  const outcome = ISSUER_OUTCOMES.find((known) => known === issuer);
  return (
    <>
      {outcome !== 'code' && <LoginForm />}
      <IssuerLogin outcome={outcome} />
    </>
  );
}
