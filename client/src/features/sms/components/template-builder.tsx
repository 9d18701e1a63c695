// "Make a template from this SMS" (decision 052): paste a message, mark its amount, TrxID,
// sender, time and varying text (select and press a button, or pick from lists), and the template is built by
// shared/sms/template-builder.ts, tested live on the same message, and saved with it (the server checks it reads it).
import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLETS, type Wallet } from '#shared/constants';
import { normaliseSmsText } from '#shared/sms/sms-fields';
import {
  BUILDER_PARTS,
  buildTemplate,
  suggestParts,
  type BuilderPart,
  type TemplateMark,
} from '#shared/sms/template-builder';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useWalletName } from '../../../i18n/labels';
import { showSuccess } from '../../../lib/notify';
import { refreshQueries } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import { saveTemplate, smsKeys } from '../api/sms-api';
import { TemplateTester } from './template-tester';
import classes from './template-builder.module.css';

const COLOURS: Record<BuilderPart, string> = {
  amount: 'green',
  trx_id: 'blue',
  sender: 'grape',
  time: 'orange',
  any: 'gray',
};

/** The offsets of the selection inside `root`'s text, or null when nothing in it is selected. */
function selectionIn(root: HTMLElement): { start: number; end: number } | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(root);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}

export function TemplateBuilder() {
  const { t } = useTranslation('sms');
  const walletName = useWalletName();
  const [message, setMessage] = useState('');
  const [marks, setMarks] = useState<TemplateMark[]>([]);
  const [noSelection, setNoSelection] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const form = useForm({ initialValues: { account: 'bkash' as Wallet, label: '' } });

  const text = useMemo(() => normaliseSmsText(message), [message]);
  const suggestions = useMemo(() => suggestParts(message), [message]);
  const built = useMemo(() => (marks.length > 0 ? buildTemplate(message, marks) : null), [message, marks]);

  const setMark = (part: BuilderPart, span: { start: number; end: number }) => {
    setNoSelection(false);
    // A field is marked once: a new mark of it replaces the old; a mark over others replaces them.
    setMarks((current) => [
      ...current.filter((m) => (part === 'any' || m.part !== part) && (m.end <= span.start || m.start >= span.end)),
      { part, ...span },
    ]);
  };
  const markSelection = (part: BuilderPart) => {
    const span = textRef.current ? selectionIn(textRef.current) : null;
    if (!span) setNoSelection(true);
    else setMark(part, span);
  };

  const { submit, pending } = useSubmit({
    send: (values: typeof form.values) =>
      built?.ok
        ? saveTemplate(null, {
            account: values.account,
            label: values.label,
            pattern: built.pattern,
            time_format: built.timeFormat,
            example: message,
          })
        : Promise.reject(new Error('no template')),
    form,
    fields: ['account', 'label', 'example'],
    onDone: async () => {
      showSuccess('sms:templates.saved');
      setMessage('');
      setMarks([]);
      form.reset();
      await refreshQueries(smsKeys.templates());
    },
  });

  // The message as spans: marked parts coloured, the rest plain.
  const pieces: { text: string; part: BuilderPart | null; key: string }[] = [];
  let at = 0;
  for (const mark of [...marks].sort((a, b) => a.start - b.start)) {
    if (mark.start > at) pieces.push({ text: text.slice(at, mark.start), part: null, key: `t${at}` });
    pieces.push({ text: text.slice(mark.start, mark.end), part: mark.part, key: `m${mark.start}` });
    at = mark.end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), part: null, key: `t${at}` });

  const fieldError = (field: string) => {
    const key = form.errors[field];
    return typeof key === 'string' ? translateRuntimeKey(key) : undefined;
  };

  return (
    <Card withBorder radius="md" data-testid="template-builder">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <Text fw={700}>{t('templates.builder.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('templates.builder.intro')}
          </Text>
          <Textarea
            label={t('templates.builder.message')}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setMarks([]);
            }}
            error={fieldError('example')}
            autosize
            minRows={3}
          />
          {text ? (
            <>
              <Text size="sm" fw={500} id="builder-message-label">
                {t('templates.builder.messageLabel')}
              </Text>
              <Paper
                withBorder
                p="sm"
                radius="md"
                className={classes.message}
                ref={textRef}
                aria-labelledby="builder-message-label"
                data-testid="builder-message"
              >
                {pieces.map((piece) =>
                  piece.part ? (
                    <mark
                      key={piece.key}
                      className={classes.mark}
                      data-part={piece.part}
                      style={{ background: `var(--mantine-color-${COLOURS[piece.part]}-1)` }}
                    >
                      {piece.text}
                    </mark>
                  ) : (
                    <span key={piece.key}>{piece.text}</span>
                  ),
                )}
              </Paper>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{t('templates.builder.markSelection')}</Text>
                {BUILDER_PARTS.map((part) => (
                  // Keeps the selection: the button takes no focus on mouse down.
                  <Button
                    key={part}
                    size="xs"
                    variant="light"
                    color={COLOURS[part]}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => markSelection(part)}
                  >
                    {t(`templates.builder.parts.${part}`)}
                  </Button>
                ))}
              </Group>
              {noSelection ? (
                <Text size="sm" c="red.8" role="alert">
                  {t('templates.builder.noSelection')}
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {(['amount', 'trx_id', 'sender', 'time'] as const).map((part) => {
                  const options = suggestions[part];
                  const current = marks.find((m) => m.part === part);
                  return (
                    <Select
                      key={part}
                      label={t('templates.builder.pick', { part: t(`templates.builder.parts.${part}`) })}
                      placeholder={options.length === 0 ? t('templates.builder.pickNone') : undefined}
                      disabled={options.length === 0}
                      data={options.map((o) => ({ value: `${o.start}-${o.end}`, label: o.value }))}
                      value={current ? `${current.start}-${current.end}` : null}
                      onChange={(value) => {
                        if (!value) return setMarks((all) => all.filter((m) => m.part !== part));
                        const [start, end] = value.split('-').map(Number);
                        setMark(part, { start, end });
                      }}
                      clearable
                    />
                  );
                })}
              </SimpleGrid>
              {marks.length > 0 ? (
                <Group gap="xs" wrap="wrap" aria-label={t('templates.builder.marked')} role="group">
                  {marks.map((mark) => (
                    <Badge
                      key={`${mark.part}-${mark.start}`}
                      color={COLOURS[mark.part]}
                      variant="light"
                      tt="none"
                      rightSection={
                        <CloseButton
                          size="xs"
                          aria-label={t('templates.builder.remove', {
                            part: t(`templates.builder.parts.${mark.part}`),
                          })}
                          onClick={() => setMarks((all) => all.filter((m) => m !== mark))}
                        />
                      }
                    >
                      {t(`templates.builder.parts.${mark.part}`)}: {text.slice(mark.start, mark.end)}
                    </Badge>
                  ))}
                </Group>
              ) : null}
              {built && !built.ok ? (
                <Alert color="orange" variant="light" data-testid="builder-failure">
                  {t(`templates.builder.failures.${built.reason}`)}
                </Alert>
              ) : null}
              {built?.ok ? (
                <>
                  <TemplateTester pattern={built.pattern} timeFormat={built.timeFormat} sample={message} />
                  <Stack gap={4}>
                    <Text size="xs" c="dimmed">
                      {t('templates.builder.pattern')}
                    </Text>
                    <Code block className={classes.pattern}>
                      {built.pattern}
                    </Code>
                  </Stack>
                  <Group grow wrap="wrap" align="flex-start">
                    <Select
                      label={t('inbox.account')}
                      data={WALLETS.map((w) => ({ value: w, label: walletName(w) }))}
                      value={form.values.account}
                      onChange={(value) => value && form.setFieldValue('account', value as Wallet)}
                      allowDeselect={false}
                    />
                    <TextInput
                      label={t('templates.label')}
                      {...form.getInputProps('label')}
                      error={fieldError('label')}
                    />
                  </Group>
                  <Group justify="flex-end">
                    <Button type="submit" loading={pending}>
                      {t('templates.builder.save')}
                    </Button>
                  </Group>
                </>
              ) : null}
            </>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
