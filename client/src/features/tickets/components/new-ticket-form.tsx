// New-ticket form (spec §2/§5): subject (the four products or Other) and a 10-500 character message. Opened from
// an order's "Need help?" (`?order=<id>`), it is about that order: shown on top, its product as the subject.
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconReceipt, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
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
import { toFormErrors, zodResolver } from '../../../lib/form';
import { showError, showSuccess } from '../../../lib/notify';
import { fetchOrderForTicket, openTicket } from '../api/tickets';

const newTicketFormSchema = z.object({
  subject: z.enum(TICKET_SUBJECTS, { error: VALIDATION_KEYS.subjectInvalid }),
  text: newTicketTextSchema,
});
const FIELDS = ['subject', 'text'] as const;

/** The order named by `?order=`: loading, found, or not to be had (then the ticket is about no order). */
type AboutOrder = { state: 'none' } | { state: 'loading'; id: string } | { state: 'ready'; order: PublicOrderDto } | { state: 'failed'; id: string };

function useAboutOrder(id: string | null, onFound: (order: PublicOrderDto) => void): AboutOrder {
  const [about, setAbout] = useState<AboutOrder>(id ? { state: 'loading', id } : { state: 'none' });
  useEffect(() => {
    if (!id) return setAbout({ state: 'none' });
    let live = true;
    setAbout({ state: 'loading', id });
    void fetchOrderForTicket(id).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setAbout({ state: 'failed', id });
      setAbout({ state: 'ready', order: answer.order });
      onFound(answer.order);
    });
    return () => {
      live = false;
    };
    // onFound prefills the form once per order id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return about;
}

export function NewTicketForm() {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const productName = useProductName();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [sending, setSending] = useState(false);
  const form = useForm<{ subject: TicketSubject | ''; text: string }>({
    initialValues: { subject: '', text: '' },
    validate: zodResolver(newTicketFormSchema),
    validateInputOnBlur: true,
  });
  const about = useAboutOrder(params.get('order'), (order) => {
    if (isProductId(order.product_id)) form.setFieldValue('subject', order.product_id);
  });

  const submitTicket = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const answer = await openTicket({
        ...newTicketFormSchema.parse(values),
        ...(about.state === 'ready' ? { order_id: about.order.id } : {}),
        lang: language === 'BN' ? 'bn' : 'en',
      });
      if (!answer.ok) {
        form.setErrors(toFormErrors(answer.errors, FIELDS));
        return showError(answer);
      }
      showSuccess('tickets:new.created');
      navigate(paths.account.support.getHref(answer.id), { replace: true });
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  });

  return (
    <Stack gap="md" maw={640}>
      <Anchor component={Link} to={paths.account.supports.getHref()} fw={600}>
        <Group gap={6} wrap="nowrap">
          <IconArrowLeft size={18} />
          {t('chat.backToList')}
        </Group>
      </Anchor>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h3">
            {t('new.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {about.state === 'none' ? t('new.subtitle') : t('orderLink.newSubtitle')}
          </Text>
        </Stack>
        {about.state === 'ready' ? (
          <Paper withBorder radius="md" p="sm" mb="md" bg="var(--mantine-color-gray-0)" data-testid="ticket-about-order">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconReceipt size={20} aria-hidden style={{ flex: 'none' }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {t('orderLink.about', { product: productName(about.order.product_id) })}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {about.order.id}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
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
              description={t('chat.counter', { n: format.number(form.values.text.length), max: format.number(LIMITS.ticketText.max) })}
            />
            <Button type="submit" size="lg" fullWidth leftSection={<IconSend size={18} />} loading={sending} disabled={about.state === 'loading'}>
              {t('new.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
