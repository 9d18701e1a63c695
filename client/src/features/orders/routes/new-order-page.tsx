import { Alert, Anchor, Center, Image, Loader, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { productKind } from '#shared/constants';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { showError } from '../../../lib/notify';
import { useLanguage, userAtom, userLoadingAtom } from '../../../lib/session';
import { useQuery } from '../../../lib/query';
import { productQuery } from '../api/orders-api';
import { NewOrderForm } from '../components/new-order-form';
import { OrderPageFrame } from '../components/order-page-frame';
import classes from '../../../styles/text.module.css';

/** /new/:id — place a top-up or withdraw order for the product. */
export default function NewOrderPage() {
  const { t } = useTranslation('orders');
  const productName = useProductName();
  const { id = '' } = useParams();
  const user = useAtomValue(userAtom);
  const userLoading = useAtomValue(userLoadingAtom);
  const language = useLanguage();
  const { data: product, isPending, isError, errorUpdatedAt } = useQuery(productQuery(id));
  useEffect(() => {
    if (isError) showError(null, 'errors.productLoad');
  }, [isError, errorUpdatedAt]);
  const load = product
    ? ({ state: 'ready', product } as const)
    : isError && !isPending
      ? ({ state: 'failed' } as const)
      : ({ state: 'loading' } as const);

  const kind = productKind(id);
  // The admin's Bengali text in BN when there is one (decision 091), else the English one.
  const description =
    load.state === 'ready' ? (language === 'BN' && load.product.description_bn) || load.product.description : '';
  const ready = load.state === 'ready' ? load.product : null;
  const title = load.state === 'ready' ? productName(load.product.id) : t('new.title');

  return (
    <OrderPageFrame
      title={title}
      subtitle={
        // The product's own description says what the generic line says: one of them, never both.
        description ? (
          <span className={classes.preLine} lang={description === ready?.description_bn ? 'bn' : 'en'}>
            {description}
          </span>
        ) : (
          t(kind === 'topup' ? 'new.subtitleTopup' : 'new.subtitleWithdraw')
        )
      }
      aside={
        <Text ta="center" size="sm">
          <Anchor component={Link} to={`${paths.home.getHref()}#products`}>
            {t('new.otherProducts')}
          </Anchor>
        </Text>
      }
    >
      {load.state === 'loading' || userLoading ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : load.state === 'failed' ? (
        <Alert color="red" role="alert">
          {t('errors.productLoad')}
        </Alert>
      ) : (
        <>
          {load.product.image ? (
            <Image src={load.product.image} alt="" h={160} radius="md" fit="cover" mb="lg" />
          ) : null}
          <NewOrderForm
            key={load.product.id}
            product={load.product}
            defaultEmail={user?.email ?? ''}
            userId={user?.id}
          />
        </>
      )}
    </OrderPageFrame>
  );
}
