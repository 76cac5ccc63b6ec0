import { OrderDetail } from '../../../order-detail';

export default async function ConsoleOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OrderDetail id={id} />;
}
