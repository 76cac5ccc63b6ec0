import { STAFF_ROLES } from '@checkout/core/contract';
import { StaffList } from '../../staff-list';

export default function ConsoleStaffPage() {
  return <StaffList roles={STAFF_ROLES} />;
}
