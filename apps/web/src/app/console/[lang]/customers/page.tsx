import { CustomerView } from '../../customer-view';

/** A customer: found by e-mail, or opened from one of their orders (`?order=<id>`). */
export default async function ConsoleCustomerPage({
  searchParams,
}: {
  searchParams: Promise<{ order?: string | string[] }>;
}) {
  const { order } = await searchParams;
  return <CustomerView orderId={typeof order === 'string' ? order : undefined} />;
}
