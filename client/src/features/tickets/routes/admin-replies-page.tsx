import { Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedReplyDto } from '#shared/replies';
import { showError, showSuccess } from '../../../lib/notify';
import { deleteReply, listReplies } from '../api/replies';
import { ReplyEditorModal } from '../components/reply-editor-modal';

const byTitle = (a: CannedReplyDto, b: CannedReplyDto) => a.title.localeCompare(b.title) || a.id - b.id;

/** /admin/replies — the canned replies of the support chat (issue 10): add, edit, delete; EN and BN text each. */
export default function AdminRepliesPage() {
  const { t } = useTranslation('tickets');
  const [replies, setReplies] = useState<CannedReplyDto[] | null>(null);
  const [editing, setEditing] = useState<CannedReplyDto | 'new' | null>(null);
  const [removing, setRemoving] = useState<CannedReplyDto | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await listReplies();
    if (!answer.ok) showError(answer);
    setReplies(answer.ok ? answer.replies : []);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const saved = (reply: CannedReplyDto) => {
    setEditing(null);
    setReplies((list) => [...(list ?? []).filter((r) => r.id !== reply.id), reply].sort(byTitle));
  };

  const remove = async (reply: CannedReplyDto) => {
    setBusy(true);
    try {
      const answer = await deleteReply(reply.id);
      if (!answer.ok) return showError(answer);
      showSuccess('tickets:replies.deleted');
      setReplies((list) => (list ?? []).filter((r) => r.id !== reply.id));
      setRemoving(null);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h3">
            {t('replies.pageTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('replies.pageSubtitle')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          {t('replies.add')}
        </Button>
      </Group>

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
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('replies.pageTitle')}>
          {replies.map((reply) => (
            <Card key={reply.id} withBorder radius="md" p="md" component="li" data-testid="canned-reply">
              <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {reply.title}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(reply)} aria-label={t('replies.editOne', { title: reply.title })}>
                    {t('replies.edit')}
                  </Button>
                  <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => setRemoving(reply)} aria-label={t('replies.deleteOne', { title: reply.title })}>
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

      {editing !== null ? <ReplyEditorModal reply={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={saved} /> : null}
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
      <Badge size="sm" variant="light" color="gray" style={{ textTransform: 'none' }}>
        {badge}
      </Badge>
      <Text size="sm" lang={lang} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Stack>
  );
}
