// The admin's canned-reply picker above the reply box: a reply is inserted in the ticket's language
// (the admin may switch it), its variables filled from the ticket's order; without an order they stay for the
// admin to fill, and the reply box marks them (decision 116).
import { Anchor, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconMessageBolt } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TicketOrderDto } from '#shared/api-types';
import { TICKET_LANGUAGES, type TicketLanguage } from '#shared/constants';
import { fillReplyVariables, REPLY_VARIABLES } from '#shared/replies';
import { shortOrderId } from '../../../components/order-columns';
import { paths } from '../../../config';
import { useIsAdmin } from '../../../lib/session';
import { useReplies } from '../api/replies';
import { replyValuesOf, useLanguageLoaded } from '../hooks/use-reply-values';

export function ReplyPicker({
  ticketLang,
  order,
  onInsert,
}: {
  ticketLang: TicketLanguage;
  order: TicketOrderDto | null;
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation('tickets');
  const isAdmin = useIsAdmin();
  const replies = useReplies();
  const [lang, setLang] = useState<TicketLanguage>(ticketLang);
  const loaded = useLanguageLoaded(lang);
  const langLabel = useId();

  const insert = (id: string | null) => {
    const reply = replies?.find((r) => String(r.id) === id);
    if (!reply) return;
    onInsert(fillReplyVariables(lang === 'bn' ? reply.text_bn : reply.text_en, replyValuesOf(order, lang)));
  };

  const languageName = (l: TicketLanguage) => t(l === 'bn' ? 'language.BN' : 'language.EN');
  const hint = order
    ? t('replies.pickerFilled', { id: shortOrderId(order.id) })
    : t('replies.pickerUnfilled', { names: REPLY_VARIABLES.map((name) => `{${name}}`).join(', ') });

  return (
    <Stack gap={6} data-testid="reply-picker">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('replies.pickerLabel')}
          placeholder={replies && replies.length === 0 ? t('replies.pickerNone') : t('replies.pickerPlaceholder')}
          data={(replies ?? []).map((reply) => ({ value: String(reply.id), label: reply.title }))}
          value={null}
          onChange={insert}
          searchable
          nothingFoundMessage={t('replies.pickerNothingFound')}
          disabled={!replies || replies.length === 0 || !loaded}
          leftSection={<IconMessageBolt size={18} aria-hidden />}
          flex="1 1 220px"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={langLabel}>
            {t('replies.pickerLanguage')}
          </Text>
          <SegmentedControl
            aria-labelledby={langLabel}
            value={lang}
            onChange={(value) => setLang(value === 'bn' ? 'bn' : 'en')}
            data={TICKET_LANGUAGES.map((l) => ({
              value: l,
              label: l === ticketLang ? t('replies.ticketLanguage', { name: languageName(l) }) : languageName(l),
            }))}
          />
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {/* Its own line, not a link inside the hint's sentence (axe: link-in-text-block). */}
      {replies && replies.length === 0 && isAdmin ? (
        <Anchor component={Link} to={paths.admin.replies.getHref()} size="xs" w="fit-content">
          {t('replies.pickerManage')}
        </Anchor>
      ) : null}
    </Stack>
  );
}
