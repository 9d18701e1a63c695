import { Alert, Anchor, Button, Center, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHelpCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
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
import { OrderSummary } from '../components/order-summary';
import { WaitingView } from '../components/waiting-view';
import { useLiveOrder } from '../hooks/use-live-order';
import layout from '../../../styles/layout.module.css';

/** /orders/:id — the order, live: waiting (pay and confirm), then pending and a final state. */
export default function OrderPage() {
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
  // A signed-in customer asks about this order in a ticket (issue 10); the server takes only their own orders.
  const customer = user !== null && user.role === 'user';
  return (
    <OrderPageFrame
      live
      title={productName(order.product_id)}
      subtitle={order.status === 'waiting' ? t(kind === 'topup' ? 'waiting.subtitleTopup' : 'waiting.subtitleWithdraw') : undefined}
      aside={
        <>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <OrderSummary order={order} />
              <Divider />
              <Title order={2} size="h5">
                {t('timeline.title')}
              </Title>
              <OrderTimeline events={order.events} />
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
              ) : null}
            </Stack>
          </Paper>
          <Text ta="center">{back}</Text>
        </>
      }
    >
      {order.status === 'waiting' ? (
        <WaitingView order={order} onChange={replace} onExpired={() => void refetch()} />
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
          <OrderPaymentNotes order={order} onChange={replace} />
        </Stack>
      )}
    </OrderPageFrame>
  );
}
