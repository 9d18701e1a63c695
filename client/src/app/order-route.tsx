// /orders/:id as the app composes it: the orders feature's page with the tickets feature's "Need help?" for guests
// (decision 282); a feature never imports another.
import OrderPage from '../features/orders/routes/order-page';
import { GuestSupport } from '../features/tickets/components/guest-support';

const guestSupport = (orderId: string) => <GuestSupport orderId={orderId} />;

export default function OrderRoute() {
  return <OrderPage guestSupport={guestSupport} />;
}
