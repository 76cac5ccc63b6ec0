import { AuditList } from '../../audit-list';

export default function ConsoleAuditPage() {
  return <AuditList />;
}
