// Adds or edits one canned reply: a title and the text in English and Bengali, with buttons that put a variable
// where the cursor was in the text last edited.
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPLY_LIMITS,
  REPLY_VARIABLES,
  replyFieldsSchema,
  type CannedReplyDto,
  type ReplyVariable,
} from '#shared/replies';
import { useFormat } from '../../../lib/format';
import { toFormErrors, zodResolver } from '../../../lib/form';
import { showError, showSuccess } from '../../../lib/notify';
import { saveReply } from '../api/replies';

type TextField = 'text_en' | 'text_bn';
const FIELDS = ['title', 'text_en', 'text_bn'] as const;

export function ReplyEditorModal({
  reply,
  onClose,
  onSaved,
}: {
  /** The reply to edit, or null to add one. */
  reply: CannedReplyDto | null;
  onClose: () => void;
  onSaved: (reply: CannedReplyDto) => void;
}) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { title: reply?.title ?? '', text_en: reply?.text_en ?? '', text_bn: reply?.text_bn ?? '' },
    validate: zodResolver(replyFieldsSchema),
    validateInputOnBlur: true,
  });
  const inputs = { text_en: useRef<HTMLTextAreaElement>(null), text_bn: useRef<HTMLTextAreaElement>(null) };
  const lastText = useRef<TextField>('text_en');

  const insertVariable = (variable: ReplyVariable) => {
    const field = lastText.current;
    const input = inputs[field].current;
    const value = form.values[field];
    const token = `{${variable}}`;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    form.setFieldValue(field, value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const answer = await saveReply(reply?.id ?? null, replyFieldsSchema.parse(values));
      if (!answer.ok) {
        form.setErrors(toFormErrors(answer.errors, FIELDS));
        return showError(answer);
      }
      showSuccess('tickets:replies.saved');
      onSaved(answer.reply);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  });

  const counter = (field: TextField) =>
    t('chat.counter', { n: format.number(form.values[field].length), max: format.number(REPLY_LIMITS.text.max) });
  const textProps = (field: TextField) => ({
    ...form.getInputProps(field),
    ref: inputs[field],
    onFocus: () => {
      lastText.current = field;
    },
    autosize: true,
    minRows: 3,
    maxRows: 10,
    maxLength: REPLY_LIMITS.text.max,
    description: counter(field),
    required: true,
  });

  return (
    <Modal opened onClose={onClose} title={reply ? t('replies.editTitle') : t('replies.newTitle')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...form.getInputProps('title')}
            label={t('replies.titleLabel')}
            placeholder={t('replies.titlePlaceholder')}
            maxLength={REPLY_LIMITS.title.max}
            required
            data-autofocus
          />
          <Textarea {...textProps('text_en')} label={t('replies.textEn')} lang="en" />
          <Textarea {...textProps('text_bn')} label={t('replies.textBn')} lang="bn" />
          <Stack gap={6}>
            <Text size="sm" fw={600} id="reply-variables">
              {t('replies.variables')}
            </Text>
            <Group gap="xs" role="group" aria-labelledby="reply-variables">
              {REPLY_VARIABLES.map((variable) => (
                <Button
                  key={variable}
                  size="compact-sm"
                  variant="light"
                  ff="monospace"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insertVariable(variable)}
                  aria-label={t('replies.insertVariable', {
                    name: `{${variable}}`,
                    meaning: t(`replies.variableMeaning.${variable}`),
                  })}
                >
                  {`{${variable}}`}
                </Button>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('replies.variablesHelp')}
            </Text>
          </Stack>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('replies.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('replies.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
