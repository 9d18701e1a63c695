// A ticket as a chat (product.md §2.8): bubbles by sender with times and pictures, a reply form with a
// picture to attach while open, Close, and live updates.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  FileButton,
  Flex,
  Grid,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconLock, IconPhotoPlus, IconSend, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import type { TicketDto, TicketMessageDto } from '#shared/api-types';
import { LIMITS, TICKET_SUBJECTS, type TicketSubject } from '#shared/constants';
import { replyVariablesIn } from '#shared/replies';
import { ticketPictureFormSchema, ticketReplySchema } from '#shared/schemas';
import { useFormat } from '../../../lib/format';
import { zodResolver } from '../../../lib/form';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, showSuccess } from '../../../lib/notify';
import { useSubmit } from '../../../lib/use-submit';
import classes from '../../../styles/text.module.css';
import { applyTicket, closeTicket, replyToTicket, sendTicketPicture, useTicket } from '../api/tickets';
import { ReplyPicker } from './reply-picker';
import { TicketOrderCard } from './ticket-order-card';
import { TicketPicture } from './ticket-picture';
import { TicketStatusBadge } from './ticket-status-badge';

const isTicketSubject = (subject: string): subject is TicketSubject =>
  (TICKET_SUBJECTS as readonly string[]).includes(subject);

const replyFormSchema = z.object({ text: ticketReplySchema });
/** With a picture the words are optional (decision 022); the same limit of 2,000 characters. */
const pictureFormSchema = z.object({ text: ticketPictureFormSchema.shape.text });

/** What the server takes (decision 022): JPEG or PNG up to 3 MB; checked here first so nothing is sent in vain. */
export function pictureProblem(file: File): 'errors.badImageType' | 'errors.fileTooLarge' | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'errors.badImageType';
  if (file.size > LIMITS.avatarBytes) return 'errors.fileTooLarge';
  return null;
}

interface TicketConversationProps {
  id: string;
  /** Whose screen this is: their own messages sit on the right. */
  viewer: 'user' | 'admin';
  backHref: string;
}

export function TicketConversation({ id, viewer, backHref }: TicketConversationProps) {
  const { t } = useTranslation('tickets');
  const { data, error, isPending } = useTicket(id);

  if (isPending) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('chat.loading')}
      </Text>
    );
  }
  if (!data) {
    return (
      <Stack gap="md" maw={720}>
        <Alert color="red" role="alert" title={t('chat.loadFailedTitle')}>
          {errorMessage(error, 'errors.ticketLoad')}
        </Alert>
        <BackLink href={backHref} />
      </Stack>
    );
  }
  return <Conversation ticket={data.support} viewer={viewer} backHref={backHref} onTicket={applyTicket} />;
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
  const messages = ticket.texts ?? [];
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [messages.length]);

  const { submit: close, pending: closing } = useSubmit({
    send: (id: string) => closeTicket(id),
    onDone: (answer) => {
      onTicket(answer.support);
      showSuccess('tickets:chat.closedToast');
    },
  });

  const open = ticket.status === 'open';
  const order = ticket.order ?? null;
  const chat = (
    <Stack gap="md">
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
          <ReplyForm ticket={ticket} order={order} viewer={viewer} onTicket={onTicket} />
          <Group justify="flex-end">
            <Button
              variant="outline"
              color="red"
              size="md"
              leftSection={<IconLock size={18} />}
              loading={closing}
              onClick={() => void close(ticket.id)}
            >
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
  return (
    <Stack gap="md" maw={order ? 1160 : 760}>
      <BackLink href={backHref} />
      <PageHeader
        size="h3"
        title={t('chat.title', { num: format.digits(String(ticket.num)) })}
        subtitle={
          <>
            {isTicketSubject(ticket.subject) ? t(`subjects.${ticket.subject}`) : ticket.subject} ·{' '}
            {format.date(ticket.created_at)}
            {viewer === 'admin' ? ` · ${ticket.name}` : ''}
          </>
        }
        actions={<TicketStatusBadge status={ticket.status} />}
      />

      {order ? (
        // Beside the chat from md up; above it on phones, where the order is what the conversation is about.
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            {chat}
          </Grid.Col>
          <Grid.Col
            span={{ base: 12, md: 4 }}
            order={{ base: 1, md: 2 }}
            pos={{ base: 'static', md: 'sticky' }}
            top={76}
          >
            <TicketOrderCard order={order} viewer={viewer} />
          </Grid.Col>
        </Grid>
      ) : (
        chat
      )}
    </Stack>
  );
}

export function MessageBubble({
  message,
  mine,
  viewer,
}: {
  message: TicketMessageDto;
  mine: boolean;
  viewer: 'user' | 'admin';
}) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const author = mine ? t('chat.you') : message.sender === 'admin' ? t('chat.support') : t('chat.customer');
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} data-sender={message.sender} data-viewer={viewer}>
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
          <Badge
            size="xs"
            variant={mine ? 'white' : 'light'}
            color={message.sender === 'admin' ? 'indigo' : 'teal'}
            tt="none"
          >
            {author}
          </Badge>
        </Group>
        {message.picture ? (
          <Box my={4}>
            <TicketPicture picture={message.picture} author={author} />
          </Box>
        ) : null}
        {message.text ? (
          <Text size="sm" className={`${classes.preWrap} ${classes.anywhere}`}>
            {message.text}
          </Text>
        ) : null}
        <Text size="xs" ta="right" mt={2} opacity={mine ? 1 : 0.8} className={classes.tabular}>
          {format.date(message.time)}
        </Text>
      </Paper>
    </Flex>
  );
}

/** `{amount}` → '{amount}', for messages that name variables. */
const asVariables = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ');

function ReplyForm({
  ticket,
  order,
  viewer,
  onTicket,
}: {
  ticket: TicketDto;
  order: TicketDto['order'];
  viewer: 'user' | 'admin';
  onTicket: (ticket: TicketDto) => void;
}) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<'errors.badImageType' | 'errors.fileTooLarge' | null>(null);
  const validateText = zodResolver(replyFormSchema);
  const validateCaption = zodResolver(pictureFormSchema);
  const form = useForm({
    initialValues: { text: '' },
    validate: (values) => {
      const errors = picture ? validateCaption(values) : validateText(values);
      // A variable left unfilled would reach the customer as written (no order to fill it from).
      const left = viewer === 'admin' ? replyVariablesIn(values.text) : [];
      return errors.text || left.length === 0
        ? errors
        : { ...errors, text: t('replies.fillBeforeSending', { names: asVariables(left) }) };
    },
  });
  const leftover = viewer === 'admin' ? replyVariablesIn(form.values.text) : [];

  const insertReply = (text: string) => {
    const current = form.values.text.trimEnd();
    form.setFieldValue('text', current ? `${current}\n\n${text}` : text);
    form.clearFieldError('text');
    requestAnimationFrame(() => textRef.current?.focus());
  };

  const choosePicture = (file: File | null) => {
    const problem = file ? pictureProblem(file) : null;
    setPictureError(problem);
    setPicture(problem ? null : file);
    form.clearFieldError('text');
  };

  const { submit, pending: sending } = useSubmit({
    send: (values: typeof form.values) =>
      picture
        ? sendTicketPicture(ticket.id, picture, pictureFormSchema.parse(values).text)
        : replyToTicket(ticket.id, replyFormSchema.parse(values).text),
    form,
    fields: ['text'],
    onFailure: (answer) => {
      const key = answer.errors?.pic;
      if (key === 'errors.badImageType' || key === 'errors.fileTooLarge') setPictureError(key);
    },
    onDone: (answer) => {
      onTicket(answer.support);
      form.reset();
      setPicture(null);
    },
  });
  const sendReply = form.onSubmit((values) => void submit(values));

  return (
    <form onSubmit={sendReply} noValidate>
      <Stack gap="xs">
        {viewer === 'admin' ? (
          <ReplyPicker ticketLang={ticket.lang} order={order ?? null} onInsert={insertReply} />
        ) : null}
        <Textarea
          {...form.getInputProps('text')}
          ref={textRef}
          label={t('chat.replyLabel')}
          placeholder={t('chat.replyPlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={LIMITS.ticketReply.max}
          description={t('chat.counter', {
            n: format.number(form.values.text.length),
            max: format.number(LIMITS.ticketReply.max),
          })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void sendReply();
          }}
        />
        {leftover.length > 0 ? (
          <Alert color="orange" variant="light" p="xs" data-testid="reply-leftover">
            <Group gap={6} wrap="wrap">
              <Text size="sm">{t('replies.leftover')}</Text>
              {leftover.map((name) => (
                <Code key={name} fw={700} bg="orange.2" c="dark.9">
                  {`{${name}}`}
                </Code>
              ))}
            </Group>
          </Alert>
        ) : null}
        {picture ? <PicturePreview file={picture} onRemove={() => choosePicture(null)} /> : null}
        {pictureError ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {t(pictureError, { ns: 'common' })}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          <FileButton
            onChange={choosePicture}
            accept="image/png,image/jpeg"
            inputProps={{ 'aria-label': t('chat.attachPicture') }}
          >
            {(props) => (
              <Button {...props} variant="light" size="md" leftSection={<IconPhotoPlus size={18} />} disabled={sending}>
                {picture ? t('chat.changePicture') : t('chat.attachPicture')}
              </Button>
            )}
          </FileButton>
          <Button type="submit" size="md" leftSection={<IconSend size={18} />} loading={sending}>
            {t('chat.send')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {viewer === 'admin' ? t('chat.pictureHintStaff') : t('chat.pictureHint')}
        </Text>
      </Stack>
    </form>
  );
}

/** The chosen picture before it is sent: a small preview, its name and a button to take it off. */
export function PicturePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation('tickets');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return (
    <Paper withBorder radius="md" p="xs" data-testid="picture-preview">
      <Group gap="sm" wrap="nowrap">
        {url ? <Image src={url} alt={t('chat.picturePreview')} w={56} h={56} radius="sm" fit="cover" /> : null}
        <Text size="sm" className={classes.anywhere} flex={1}>
          {file.name}
        </Text>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={onRemove} aria-label={t('chat.removePicture')}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
