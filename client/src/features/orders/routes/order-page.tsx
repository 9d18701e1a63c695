import { Alert, Anchor, Button, Center, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHelpCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isStaffRole, productKind } from '#shared/constants';
import { OrderTimeline } from '../../../components/order-timeline';
import { dashboardHref, paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { userAtom } from '../../../lib/session';
import { OrderOutcome } from '../components/order-outcome';
import { OrderPaymentNotes } from '../components/order-payment-notes';
import { OrderPageFrame } from '../components/order-page-frame';
import { PaymentProgress } from '../components/payment-progress';
import { PushOffer } from '../components/push-offer';
import { OrderSummary } from '../components/order-summary';
import { WaitingView } from '../components/waiting-view';
import { PayoutWalletCorrection, payoutWalletCorrectable } from '../components/payout-wallet-correction';
import { useLiveOrder } from '../hooks/use-live-order';
import layout from '../../../styles/layout.module.css';

/**
 * /orders/:id — the order, live: waiting (pay and confirm), then pending and a final state. `guestSupport` is the
 * guest's "Need help?" (the tickets feature's, composed by the app): a guest asks about the order from its page.
 */
export default function OrderPage({ guestSupport }: { guestSupport?: (orderId: string) => ReactNode }) {
  const { t } = useTranslation('orders');
  const productName = useProductName();
  const { id = '' } = useParams();
  const user = useAtomValue(userAtom);
  const { load, refetch, replace } = useLiveOrder(id);

  const backHref = user ? dashboardHref(user.role) : paths.home.getHref();
  const backLabel = !user ? t('view.backHome') : isStaffRole(user.role) ? t('view.backAdmin') : t('view.backAccount');
  const back = (
    <Anchor component={Link} to={backHref} className={layout.backLink}>
      <IconArrowLeft size={18} aria-hidden />
      {backLabel}
    </Anchor>
  );

  if (load.state !== 'ready') {
    return (
      <OrderPageFrame title={t('view.title')} aside={back} live>
        {load.state === 'loading' ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : (
          <Alert color="red" role="alert">
            {t('errors.orderLoad')}
          </Alert>
        )}
      </OrderPageFrame>
    );
  }

  const { order } = load;
  const kind = productKind(order.product_id);
  // A signed-in customer asks about this order in a ticket; the server takes only their own orders.
  const customer = user !== null && user.role === 'user';
  // News still to come (payment verified or held, delivered, paid out, cancelled): offered to the customer or guest,
  // never to staff, who follow the queue.
  const pushOffer =
    (user === null || customer) && (order.status === 'waiting' || order.status === 'pending') ? (
      <PushOffer orderId={order.id} accountOf={customer ? user.id : null} />
    ) : null;
  return (
    <OrderPageFrame
      live
      title={productName(order.product_id)}
      subtitle={
        order.status === 'waiting'
          ? t(kind === 'topup' ? 'waiting.subtitleTopup' : 'waiting.subtitleWithdraw')
          : undefined
      }
      aside={
        <>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <OrderSummary order={order} />
              <Divider />
              <Title order={2} size="h5">
                {t('timeline.title')}
              </Title>
              <OrderTimeline events={order.events} productId={order.product_id} />
              {customer ? (
                <>
                  <Divider />
                  <Button
                    component={Link}
                    to={paths.account.newSupport.getHref(order.id)}
                    variant="light"
                    size="md"
                    leftSection={<IconHelpCircle size={20} aria-hidden />}
                    data-testid="need-help"
                  >
                    {t('helpTicket.needHelp')}
                  </Button>
                </>
              ) : user === null && guestSupport ? (
                <>
                  <Divider />
                  {guestSupport(order.id)}
                </>
              ) : null}
            </Stack>
          </Paper>
          <Text ta="center">{back}</Text>
        </>
      }
    >
      {order.status === 'waiting' ? (
        <Stack gap="md">
          <WaitingView order={order} onChange={replace} onExpired={() => void refetch()} />
          {pushOffer}
        </Stack>
      ) : (
        <Stack gap="md">
          <OrderOutcome
            status={order.status}
            loggedIn={customer}
            orderId={order.id}
            cancelReason={order.cancel_reason}
            cancelNote={order.cancel_note}
            detail={order.status === 'pending' ? <PaymentProgress order={order} /> : undefined}
          />
          {productKind(order.product_id) === 'withdraw' && payoutWalletCorrectable(order) ? (
            <PayoutWalletCorrection order={order} onChange={replace} />
          ) : null}
          <OrderPaymentNotes order={order} onChange={replace} />
          {order.status === 'complete' ? (
            <Button
              component={Link}
              to={paths.newOrder.getHref(order.product_id)}
              variant="light"
              size="md"
              fullWidth
              data-testid="order-again"
            >
              {t('view.orderAgain')}
            </Button>
          ) : null}
          {pushOffer}
        </Stack>
      )}
    </OrderPageFrame>
  );
}
