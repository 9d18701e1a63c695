// "Need help?" on a guest's order page (decision 282): the guest asks the shop about this order, and the answer
// appears here live (and by mail when the order has an e-mail). The order's id is their key, as for the page.
import { Anchor, Button, Collapse, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconHelpCircle, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { ticketReplySchema } from '#shared/schemas';
import { GUEST_SUPPORT_ANCHOR, paths } from '../../../config';
import { zodResolver } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { ApiFailure } from '../../../lib/api';
import { useSubmit } from '../../../lib/use-submit';
import { applyGuestTicket, useGuestTicket, writeAsGuest } from '../api/tickets';
import { MessageBubble } from './ticket-conversation';

const questionSchema = z.object({ text: ticketReplySchema });

export function GuestSupport({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('tickets');
  const format = useFormat();
  const { data, error } = useGuestTicket(orderId);
  const ticket = data?.support ?? null;
  const [opened, setOpened] = useState(false);
  // The page's advice links here (`#need-help`): the form opens and comes into view.
  const { hash } = useLocation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash !== `#${GUEST_SUPPORT_ANCHOR}`) return;
    setOpened(true);
    box.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [hash]);
  const form = useForm({ initialValues: { text: '' }, validate: zodResolver(questionSchema) });
  const { submit, pending } = useSubmit({
    send: (values: typeof form.values) =>
      writeAsGuest(orderId, questionSchema.parse(values).text, i18n.language === 'bn' ? 'bn' : 'en'),
    form,
    fields: ['text'],
    onDone: (answer) => {
      if (answer.support) applyGuestTicket(orderId, answer.support);
      form.reset();
    },
  });

  // An order of an account: its owner asks from the account.
  if (error instanceof ApiFailure && error.key === 'errors.ticketOrderHasAccount') {
    return (
      <Text size="sm" id={GUEST_SUPPORT_ANCHOR} data-testid="guest-support-signin">
        <Trans
          t={t}
          i18nKey="guest.signIn"
          components={{ login: <Anchor fz="inherit" component={Link} to={paths.login.getHref()} /> }}
        />
      </Text>
    );
  }

  const messages = ticket?.texts ?? [];
  const show = opened || messages.length > 0;
  const closed = ticket?.status === 'closed';
  return (
    <Stack gap="sm" id={GUEST_SUPPORT_ANCHOR} ref={box} data-testid="guest-support">
      {show ? (
        <Title order={2} size="h5">
          {t('guest.title')}
        </Title>
      ) : (
        <Button
          variant="light"
          size="md"
          leftSection={<IconHelpCircle size={20} aria-hidden />}
          onClick={() => setOpened(true)}
          data-testid="need-help"
        >
          {t('guest.title')}
        </Button>
      )}
      <Collapse expanded={show}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('guest.intro')}
          </Text>
          {messages.length > 0 ? (
            <Paper withBorder radius="lg" p="sm" bg="var(--mantine-color-gray-0)">
              <Stack gap="sm" role="log" aria-live="polite" aria-label={t('chat.logLabel')}>
                {/* A picture is served to signed-in readers only: a guest reads the words. */}
                {messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={{ ...message, picture: null }}
                    mine={message.sender === 'user'}
                    viewer="user"
                  />
                ))}
              </Stack>
            </Paper>
          ) : null}
          {closed ? (
            <Text size="sm" c="dimmed">
              {t('guest.closed')}
            </Text>
          ) : null}
          <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
            <Stack gap="xs">
              <Textarea
                {...form.getInputProps('text')}
                label={ticket && !closed ? t('chat.replyLabel') : t('guest.questionLabel')}
                placeholder={t('guest.placeholder')}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={LIMITS.ticketReply.max}
                description={t('chat.counter', {
                  n: format.number(form.values.text.length),
                  max: format.number(LIMITS.ticketReply.max),
                })}
              />
              <Button
                type="submit"
                size="md"
                leftSection={<IconSend size={18} />}
                loading={pending}
                style={{ alignSelf: 'flex-end' }}
              >
                {ticket && !closed ? t('chat.send') : t('guest.ask')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Collapse>
    </Stack>
  );
}
