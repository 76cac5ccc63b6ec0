/**
 * The success page of an order that does not exist (none named, or one the api does not know):
 * HTTP 404 with the lost screen inside the shell. A boundary of this segment only: a root
 * not-found boundary would be rendered into every page's payload (app/global-not-found.tsx).
 */
import { ErrorScreen } from '../../../components/errors/error-screen';
import { getShellInfo } from '../../../server/shell.server';

export default async function SuccessNotFound() {
  const { links } = await getShellInfo();
  return <ErrorScreen status={404} {...links} />;
}
