// New-ticket form (spec §2/§5): subject (the four products or Other) and a 10-500 character message.
import { Anchor, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { LIMITS, TICKET_SUBJECTS, type TicketSubject } from '#shared/constants';
import { newTicketTextSchema, VALIDATION_KEYS } from '#shared/schemas';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { toFormErrors, zodResolver } from '../../../lib/form';
import { showError, showSuccess } from '../../../lib/notify';
import { openTicket } from '../api/tickets';

const newTicketFormSchema = z.object({
  subject: z.enum(TICKET_SUBJECTS, { error: VALIDATION_KEYS.subjectInvalid }),
  text: newTicketTextSchema,
});
const FIELDS = ['subject', 'text'] as const;

export function NewTicketForm() {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const form = useForm<{ subject: TicketSubject | ''; text: string }>({
    initialValues: { subject: '', text: '' },
    validate: zodResolver(newTicketFormSchema),
    validateInputOnBlur: true,
  });

  const submitTicket = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const answer = await openTicket(newTicketFormSchema.parse(values));
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
            {t('new.subtitle')}
          </Text>
        </Stack>
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
            <Button type="submit" size="lg" fullWidth leftSection={<IconSend size={18} />} loading={sending}>
              {t('new.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
