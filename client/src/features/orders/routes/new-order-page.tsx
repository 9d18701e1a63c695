import { Alert, Anchor, Center, Image, Loader, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ProductDto } from '#shared/api-types';
import { productKind } from '#shared/constants';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { showError } from '../../../lib/notify';
import { useLanguage, userAtom, userLoadingAtom } from '../../../lib/session';
import { getProduct } from '../api/orders-api';
import { NewOrderForm } from '../components/new-order-form';
import { OrderPageFrame } from '../components/order-page-frame';

type Load = { state: 'loading' } | { state: 'ready'; product: ProductDto } | { state: 'failed' };

/** /new/:id — place a top-up or withdraw order for the product. */
export default function NewOrderPage() {
  const { t } = useTranslation('orders');
  const productName = useProductName();
  const { id = '' } = useParams();
  const user = useAtomValue(userAtom);
  const userLoading = useAtomValue(userLoadingAtom);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const language = useLanguage();

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void getProduct(id).then((answer) => {
      if (!live) return;
      if (answer.ok && answer.product) setLoad({ state: 'ready', product: answer.product });
      else {
        setLoad({ state: 'failed' });
        showError(null, 'errors.productLoad');
      }
    });
    return () => {
      live = false;
    };
  }, [id]);

  const kind = productKind(id);
  // The admin's Bengali text in BN when there is one (decision 091), else the English one.
  const description = load.state === 'ready' ? (language === 'BN' && load.product.description_bn) || load.product.description : '';
  const title = load.state === 'ready' ? productName(load.product.id) : t('new.title');

  return (
    <OrderPageFrame
      title={title}
      subtitle={t(kind === 'topup' ? 'new.subtitleTopup' : 'new.subtitleWithdraw')}
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
          {load.product.image ? <Image src={load.product.image} alt="" h={160} radius="md" fit="cover" mb="lg" /> : null}
          {description ? (
            <Text mb="lg" style={{ whiteSpace: 'pre-line' }} lang={description === load.product.description_bn ? 'bn' : 'en'}>
              {description}
            </Text>
          ) : null}
          <NewOrderForm key={load.product.id} product={load.product} defaultEmail={user?.email ?? ''} userId={user?.id} />
        </>
      )}
    </OrderPageFrame>
  );
}
