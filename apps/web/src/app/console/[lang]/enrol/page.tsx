import { EnrolForm } from '../../enrol-form';

export default function ConsoleEnrolPage() {
  return <EnrolForm />;
}
