// The staff's own link to the Telegram desk: not linked → a single-use link (and its code) to open in
// Telegram, valid for 10 minutes; linked → the Telegram username and Unlink.
import { Anchor, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '#shared/api-types';
import type { TelegramLinkCodeDto } from '#shared/telegram';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { store, useLanguage, userAtom } from '../../../lib/session';
import { readMe, requestTelegramLink, unlinkTelegram } from '../api/telegram';
import classes from '../../../styles/text.module.css';

/** The bot's command that takes a link code (a command name, the same in every language). */
const START_COMMAND = '/start';

export function TelegramCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const language = useLanguage();
  const [code, setCode] = useState<TelegramLinkCodeDto | null>(null);
  const [busy, setBusy] = useState<'link' | 'check' | 'unlink' | null>(null);
  const linked = user.telegram?.linked === true;

  const act = async (what: 'link' | 'check' | 'unlink') => {
    setBusy(what);
    try {
      if (what === 'link') {
        const answer = await requestTelegramLink(language === 'BN' ? 'bn' : 'en');
        if (answer.ok) setCode(answer);
        else showError(answer);
      } else if (what === 'unlink') {
        const answer = await unlinkTelegram();
        if (!answer.ok) showError(answer);
        else {
          store.set(userAtom, { ...user, telegram: answer.telegram });
          showSuccess('settings:telegram.unlinked');
        }
      } else {
        const answer = await readMe();
        if (!answer.ok) showError(answer);
        else {
          store.set(userAtom, answer.user);
          if (answer.user.telegram?.linked) {
            setCode(null);
            showSuccess('settings:telegram.linked');
          } else showError(null, 'settings:telegram.notYet');
        }
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="telegram-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <IconBrandTelegram size={22} aria-hidden />
            <Title order={2} size="h4">
              {t('telegram.title')}
            </Title>
          </Group>
          <Badge color={linked ? 'teal' : 'gray'} variant="light">
            {linked ? t('telegram.on') : t('telegram.off')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('telegram.intro')}
        </Text>
        {linked ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {user.telegram?.username
                ? t('telegram.linkedAs', { username: `@${user.telegram.username}` })
                : t('telegram.linkedNoName')}
            </Text>
            <Button
              variant="light"
              color="red"
              loading={busy === 'unlink'}
              disabled={busy !== null}
              onClick={() => void act('unlink')}
            >
              {t('telegram.unlink')}
            </Button>
          </Group>
        ) : code ? (
          <Stack gap="xs">
            <Text size="sm">{t('telegram.open')}</Text>
            <Anchor href={code.link} target="_blank" rel="noopener noreferrer" fw={600} className={classes.breakAll}>
              {code.link}
            </Anchor>
            <Text size="sm">
              {t('telegram.orSend')} <Code>{`${START_COMMAND} ${code.code}`}</Code>
            </Text>
            <Text size="xs" c="dimmed">
              {t('telegram.expires', { time: format.date(code.expires_at) })}
            </Text>
            <Group gap="sm">
              <Button loading={busy === 'check'} disabled={busy !== null} onClick={() => void act('check')}>
                {t('telegram.check')}
              </Button>
              <Button variant="subtle" disabled={busy !== null} onClick={() => void act('link')}>
                {t('telegram.newCode')}
              </Button>
            </Group>
          </Stack>
        ) : user.telegram?.available === false ? (
          <Text size="sm" data-testid="telegram-unavailable">
            {t('telegram.unavailable')}
          </Text>
        ) : (
          <Group>
            <Button
              leftSection={<IconBrandTelegram size={18} />}
              loading={busy === 'link'}
              disabled={busy !== null}
              onClick={() => void act('link')}
            >
              {t('telegram.link')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
