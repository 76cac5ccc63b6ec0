import { PasskeyList } from '../../passkey-list';

export default function ConsoleSecurityPage() {
  return <PasskeyList />;
}
