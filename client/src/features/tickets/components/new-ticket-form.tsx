// New-ticket form (product.md §2.8/§5): subject (the four products or Other) and a 10-500 character message. Opened from
// an order's "Need help?" (`?order=<id>`), it is about that order: shown on top, its product as the subject.
import { Alert, Anchor, Button, FileButton, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconPhotoPlus, IconReceipt, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PublicOrderDto } from '#shared/api-types';
import { z } from 'zod';
import { isProductId, LIMITS, productCurrency, TICKET_SUBJECTS, type TicketSubject } from '#shared/constants';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { useProductName } from '../../../i18n/labels';
import { useLanguage } from '../../../lib/session';
import { newTicketTextSchema, VALIDATION_KEYS } from '#shared/schemas';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { PageHeader } from '../../../components/page-header';
import { zodResolver } from '../../../lib/form';
import { showError, showSuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import classes from '../../../styles/text.module.css';
import { openTicket, sendTicketPicture, ticketKeys, useOrderForTicket } from '../api/tickets';
import { PicturePreview, pictureProblem } from './ticket-conversation';

const newTicketFormSchema = z.object({
  subject: z.enum(TICKET_SUBJECTS, { error: VALIDATION_KEYS.subjectInvalid }),
  text: newTicketTextSchema,
});
const FIELDS = ['subject', 'text'] as const;

/** The order named by `?order=`: loading, found, or not to be had (then the ticket is about no order). */
type AboutOrder =
  | { state: 'none' }
  | { state: 'loading'; id: string }
  | { state: 'ready'; order: PublicOrderDto }
  | { state: 'failed'; id: string };

function useAboutOrder(id: string | null, onFound: (order: PublicOrderDto) => void): AboutOrder {
  const query = useOrderForTicket(id ?? undefined);
  const found = query.data?.order;
  const onFoundRef = useRef(onFound);
  useEffect(() => {
    onFoundRef.current = onFound;
  });
  useEffect(() => {
    // Prefills the form once per order found.
    if (found) onFoundRef.current(found);
  }, [found]);
  if (!id) return { state: 'none' };
  if (found) return { state: 'ready', order: found };
  return query.isError ? { state: 'failed', id } : { state: 'loading', id };
}

export function NewTicketForm() {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const productName = useProductName();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<{ subject: TicketSubject | ''; text: string }>({
    initialValues: { subject: '', text: '' },
    validate: zodResolver(newTicketFormSchema),
    validateInputOnBlur: true,
  });
  // A screenshot of the payment may go with the first message: it is sent into the new ticket right after it opens.
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<'errors.badImageType' | 'errors.fileTooLarge' | null>(null);
  const choosePicture = (file: File | null) => {
    const problem = file ? pictureProblem(file) : null;
    setPictureError(problem);
    setPicture(problem ? null : file);
  };
  const about = useAboutOrder(params.get('order'), (order) => {
    if (isProductId(order.product_id)) form.setFieldValue('subject', order.product_id);
  });

  const { submit, pending: sending } = useSubmit({
    send: (values: typeof form.values) =>
      openTicket({
        ...newTicketFormSchema.parse(values),
        ...(about.state === 'ready' ? { order_id: about.order.id } : {}),
        lang: language === 'BN' ? 'bn' : 'en',
      }),
    form,
    fields: FIELDS,
    onDone: async (answer) => {
      if (picture) {
        // The ticket is open either way; a picture the server refused can be sent again from the conversation.
        const sent = await sendTicketPicture(answer.id, picture, '');
        if (!sent.ok) showError(sent, 'errors.unknown');
      }
      showSuccess('tickets:new.created');
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      navigate(paths.account.support.getHref(answer.id), { replace: true });
    },
  });
  const submitTicket = form.onSubmit((values) => void submit(values));

  return (
    <Stack gap="md" maw={640}>
      <Anchor component={Link} to={paths.account.supports.getHref()} fw={600}>
        <Group gap={6} wrap="nowrap">
          <IconArrowLeft size={18} />
          {t('chat.backToList')}
        </Group>
      </Anchor>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <PageHeader
          size="h3"
          mb="lg"
          title={t('new.title')}
          subtitle={about.state === 'none' ? t('new.subtitle') : t('orderLink.newSubtitle')}
        />
        {about.state === 'ready' ? (
          <Paper
            withBorder
            radius="md"
            p="sm"
            mb="md"
            bg="var(--mantine-color-gray-0)"
            data-testid="ticket-about-order"
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconReceipt size={20} aria-hidden style={{ flex: 'none' }} />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {t('orderLink.about', { product: productName(about.order.product_id) })}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" className={classes.anywhere}>
                    {about.order.id}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={700} className={classes.tabular}>
                  {format.money(about.order.data.amount, productCurrency(about.order.product_id))}
                </Text>
                <OrderStatusBadge status={about.order.status} detailed size="md" />
              </Group>
            </Group>
          </Paper>
        ) : null}
        {about.state === 'failed' ? (
          <Alert color="orange" variant="light" mb="md">
            {t('orderLink.notFound')}
          </Alert>
        ) : null}
        <form onSubmit={submitTicket} noValidate>
          <Stack gap="md">
            <Select
              {...form.getInputProps('subject')}
              label={t('new.subject')}
              placeholder={t('new.subjectPlaceholder')}
              data={TICKET_SUBJECTS.map((subject) => ({ value: subject, label: t(`subjects.${subject}`) }))}
              allowDeselect={false}
              size="md"
              required
            />
            <Textarea
              {...form.getInputProps('text')}
              label={t('new.message')}
              placeholder={t('new.messagePlaceholder')}
              autosize
              minRows={5}
              maxRows={12}
              size="md"
              required
              description={t('chat.counter', {
                n: format.number(form.values.text.length),
                max: format.number(LIMITS.ticketText.max),
              })}
            />
            {picture ? <PicturePreview file={picture} onRemove={() => choosePicture(null)} /> : null}
            {pictureError ? (
              <Alert color="red" variant="light" p="xs" role="alert">
                {t(pictureError, { ns: 'common' })}
              </Alert>
            ) : null}
            <Stack gap={4}>
              <FileButton
                onChange={choosePicture}
                accept="image/png,image/jpeg"
                inputProps={{ 'aria-label': t('chat.attachPicture') }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    size="md"
                    leftSection={<IconPhotoPlus size={18} />}
                    disabled={sending}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {picture ? t('chat.changePicture') : t('chat.attachPicture')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('chat.pictureHint')}
              </Text>
            </Stack>
            <Button
              type="submit"
              size="lg"
              fullWidth
              leftSection={<IconSend size={18} />}
              loading={sending}
              disabled={about.state === 'loading'}
            >
              {t('new.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
