import { ORDER_STATUSES } from '@checkout/core';
import { OrderSearch } from '../../order-search';

/** The statuses come from the server: core's orders module would bring zod into the page. */
export default function ConsoleOrdersPage() {
  return <OrderSearch statuses={ORDER_STATUSES} />;
}
