import { Suspense } from 'react';
import { IssuerLogin } from '../issuer-login';
import { LoginForm } from '../login-form';

export default function ConsoleLoginPage() {
  return (
    <>
      <LoginForm />
      {/* It reads the issuer's outcome from the address: rendered in the browser only. */}
      <Suspense>
        <IssuerLogin />
      </Suspense>
    </>
  );
}
