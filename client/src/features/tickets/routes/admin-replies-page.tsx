import { Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedReplyDto } from '#shared/replies';
import { PageHeader } from '../../../components/page-header';
import { showSuccess } from '../../../lib/notify';
import { useSubmit } from '../../../lib/use-submit';
import { deleteReply, setCachedReplies, useReplies } from '../api/replies';
import { ReplyEditorModal } from '../components/reply-editor-modal';
import classes from '../../../styles/text.module.css';

const byTitle = (a: CannedReplyDto, b: CannedReplyDto) => a.title.localeCompare(b.title) || a.id - b.id;

/** /admin/replies — the canned replies of the support chat: add, edit, delete; EN and BN text each. */
export default function AdminRepliesPage() {
  const { t } = useTranslation('tickets');
  const replies = useReplies();
  const [editing, setEditing] = useState<CannedReplyDto | 'new' | null>(null);
  const [removing, setRemoving] = useState<CannedReplyDto | null>(null);

  const saved = (reply: CannedReplyDto) => {
    setEditing(null);
    setCachedReplies((list) => [...list.filter((r) => r.id !== reply.id), reply].sort(byTitle));
  };

  const { submit: remove, pending: busy } = useSubmit({
    send: (reply: CannedReplyDto) => deleteReply(reply.id),
    onDone: (_answer, reply) => {
      showSuccess('tickets:replies.deleted');
      setCachedReplies((list) => list.filter((r) => r.id !== reply.id));
      setRemoving(null);
    },
  });

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        size="h3"
        title={t('replies.pageTitle')}
        subtitle={t('replies.pageSubtitle')}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            {t('replies.add')}
          </Button>
        }
      />

      {replies === null ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('replies.loading')} />
        </Group>
      ) : replies.length === 0 ? (
        <Card withBorder radius="md" py="xl">
          <Text ta="center" c="dimmed">
            {t('replies.empty')}
          </Text>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} className={classes.plainList} aria-label={t('replies.pageTitle')}>
          {replies.map((reply) => (
            <Card key={reply.id} withBorder radius="md" p="md" component="li" data-testid="canned-reply">
              <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
                <Text fw={700} className={classes.anywhere}>
                  {reply.title}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setEditing(reply)}
                    aria-label={t('replies.editOne', { title: reply.title })}
                  >
                    {t('replies.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setRemoving(reply)}
                    aria-label={t('replies.deleteOne', { title: reply.title })}
                  >
                    {t('replies.delete')}
                  </Button>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <ReplyText badge={t('language.EN')} text={reply.text_en} lang="en" />
                <ReplyText badge={t('language.BN')} text={reply.text_bn} lang="bn" />
              </SimpleGrid>
            </Card>
          ))}
        </Stack>
      )}

      {editing !== null ? (
        <ReplyEditorModal reply={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={saved} />
      ) : null}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('replies.deleteTitle')} centered>
        <Stack gap="sm">
          <Text size="sm">{t('replies.deleteBody', { title: removing?.title ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)} disabled={busy}>
              {t('replies.keep')}
            </Button>
            <Button color="red" loading={busy} onClick={() => removing && void remove(removing)}>
              {t('replies.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ReplyText({ badge, text, lang }: { badge: string; text: string; lang: string }) {
  return (
    <Stack gap={4} p="sm" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Badge size="sm" variant="light" color="gray" tt="none">
        {badge}
      </Badge>
      <Text size="sm" lang={lang} className={`${classes.preWrap} ${classes.anywhere}`}>
        {text}
      </Text>
    </Stack>
  );
}
