import { OrderSearch } from '../../order-search';

export default function ConsoleOrdersPage() {
  return <OrderSearch />;
}
