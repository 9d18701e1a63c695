// A ticket as a chat (spec §2): bubbles by sender with times, a reply form while open, Close, and live updates.
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconLock, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import type { TicketDto, TicketMessageDto } from '#shared/api-types';
import { LIMITS, TICKET_SUBJECTS, type TicketSubject } from '#shared/constants';
import { ticketReplySchema } from '#shared/schemas';
import { useFormat } from '../../../lib/format';
import { toFormErrors, zodResolver } from '../../../lib/form';
import { errorMessage, showError, showSuccess } from '../../../lib/notify';
import { closeTicket, replyToTicket, useTicket } from '../api/tickets';
import { TicketStatusBadge } from './ticket-status-badge';

const isTicketSubject = (subject: string): subject is TicketSubject => (TICKET_SUBJECTS as readonly string[]).includes(subject);

const replyFormSchema = z.object({ text: ticketReplySchema });

interface TicketConversationProps {
  id: string;
  /** Whose screen this is: their own messages sit on the right. */
  viewer: 'user' | 'admin';
  backHref: string;
}

export function TicketConversation({ id, viewer, backHref }: TicketConversationProps) {
  const { t } = useTranslation('tickets');
  const { state, applyTicket } = useTicket(id);

  if (state.status === 'loading') {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('chat.loading')}
      </Text>
    );
  }
  if (state.status === 'error') {
    return (
      <Stack gap="md" maw={720}>
        <Alert color="red" role="alert" title={t('chat.loadFailedTitle')}>
          {errorMessage(state.failure.ok ? null : state.failure, 'errors.ticketLoad')}
        </Alert>
        <BackLink href={backHref} />
      </Stack>
    );
  }
  return <Conversation ticket={state.ticket} viewer={viewer} backHref={backHref} onTicket={applyTicket} />;
}

function BackLink({ href }: { href: string }) {
  const { t } = useTranslation('tickets');
  return (
    <Anchor component={Link} to={href} fw={600}>
      <Group gap={6} wrap="nowrap">
        <IconArrowLeft size={18} />
        {t('chat.backToList')}
      </Group>
    </Anchor>
  );
}

function Conversation({
  ticket,
  viewer,
  backHref,
  onTicket,
}: {
  ticket: TicketDto;
  viewer: 'user' | 'admin';
  backHref: string;
  onTicket: (ticket: TicketDto) => void;
}) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const [closing, setClosing] = useState(false);
  const messages = ticket.texts ?? [];
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [messages.length]);

  const close = async () => {
    setClosing(true);
    try {
      const answer = await closeTicket(ticket.id);
      if (!answer.ok) return showError(answer);
      onTicket(answer.support);
      showSuccess('tickets:chat.closedToast');
    } catch (error) {
      showError(error);
    } finally {
      setClosing(false);
    }
  };

  const open = ticket.status === 'open';
  return (
    <Stack gap="md" maw={760}>
      <BackLink href={backHref} />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h3">
            {t('chat.title', { num: format.digits(String(ticket.num)) })}
          </Title>
          <Text size="sm" c="dimmed">
            {isTicketSubject(ticket.subject) ? t(`subjects.${ticket.subject}`) : ticket.subject} · {format.date(ticket.created_at)}
            {viewer === 'admin' ? ` · ${ticket.name}` : ''}
          </Text>
        </Stack>
        <TicketStatusBadge status={ticket.status} />
      </Group>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} bg="var(--mantine-color-gray-0)">
        <Stack gap="sm" role="log" aria-live="polite" aria-label={t('chat.logLabel')}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} mine={message.sender === viewer} viewer={viewer} />
          ))}
          <div ref={endRef} />
        </Stack>
      </Paper>

      {open ? (
        <>
          <ReplyForm ticketId={ticket.id} onTicket={onTicket} />
          <Group justify="flex-end">
            <Button variant="outline" color="red" size="md" leftSection={<IconLock size={18} />} loading={closing} onClick={() => void close()}>
              {t('chat.close')}
            </Button>
          </Group>
        </>
      ) : (
        <Alert color="gray" icon={<IconLock size={18} />} title={t('chat.closedTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('chat.closedBody')}</Text>
            <BackLink href={backHref} />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function MessageBubble({ message, mine, viewer }: { message: TicketMessageDto; mine: boolean; viewer: 'user' | 'admin' }) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const author = mine ? t('chat.you') : message.sender === 'admin' ? t('chat.support') : t('chat.customer');
  return (
    <Box style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-sender={message.sender} data-viewer={viewer}>
      <Paper
        radius="lg"
        px="md"
        py="xs"
        maw="85%"
        shadow="xs"
        bg={mine ? 'var(--mantine-primary-color-filled)' : 'white'}
        c={mine ? 'white' : undefined}
        style={{ borderBottomRightRadius: mine ? 4 : undefined, borderBottomLeftRadius: mine ? undefined : 4 }}
      >
        <Group gap={6} mb={2}>
          <Badge size="xs" variant={mine ? 'white' : 'light'} color={message.sender === 'admin' ? 'indigo' : 'teal'} style={{ textTransform: 'none' }}>
            {author}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
        <Text size="xs" ta="right" mt={2} opacity={mine ? 1 : 0.8} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {format.date(message.time)}
        </Text>
      </Paper>
    </Box>
  );
}

function ReplyForm({ ticketId, onTicket }: { ticketId: string; onTicket: (ticket: TicketDto) => void }) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const [sending, setSending] = useState(false);
  const form = useForm({ initialValues: { text: '' }, validate: zodResolver(replyFormSchema) });

  const sendReply = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const answer = await replyToTicket(ticketId, replyFormSchema.parse(values).text);
      if (!answer.ok) {
        form.setErrors(toFormErrors(answer.errors, ['text']));
        return showError(answer);
      }
      onTicket(answer.support);
      form.reset();
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={sendReply} noValidate>
      <Stack gap="xs">
        <Textarea
          {...form.getInputProps('text')}
          label={t('chat.replyLabel')}
          placeholder={t('chat.replyPlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={LIMITS.ticketReply.max}
          description={t('chat.counter', { n: format.number(form.values.text.length), max: format.number(LIMITS.ticketReply.max) })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void sendReply();
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" leftSection={<IconSend size={18} />} loading={sending}>
            {t('chat.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
