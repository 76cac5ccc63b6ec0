import { STAFF_ROLES } from '@checkout/core';
import { StaffList } from '../../staff-list';

export default function ConsoleStaffPage() {
  return <StaffList roles={STAFF_ROLES} />;
}
