import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorScreen, errorTitleKey } from '../../../components/errors/error-screen';
import { getRequestUrl } from '../../../server/app-context.server';
import { getShellInfo } from '../../../server/shell.server';
import { pageMetadata } from '../../../server/metadata.server';

/**
 * The unexpected-error step. Flows that cannot continue send the shopper here; `status`
 * (e.g. 429 after the api refused a burst of requests) picks the screen, default 500.
 */
async function requestedStatus(): Promise<number> {
  const status = Number((await getRequestUrl()).searchParams.get('status'));
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors');
  const status = await requestedStatus();
  return pageMetadata(t(errorTitleKey(status), { status }));
}

export default async function ErrorPage() {
  const { links } = await getShellInfo();
  return <ErrorScreen status={await requestedStatus()} {...links} />;
}
