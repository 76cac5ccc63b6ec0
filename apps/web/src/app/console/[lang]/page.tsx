import { LoginForm } from '../login-form';

export default function ConsoleLoginPage() {
  return <LoginForm />;
}
