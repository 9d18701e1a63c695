// Canned replies (issue 10): the admin's list and its changes; every write carries a captcha.
import type { CannedReplyDto, ReplyFields } from '#shared/replies';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export const listReplies = () => api.get<{ replies: CannedReplyDto[] }>('/replies');

/** Adds a reply (id null) or replaces one's title and texts. */
export async function saveReply(id: number | null, reply: ReplyFields) {
  const captcha = await getCaptcha();
  return id === null
    ? api.post<{ reply: CannedReplyDto }>('/replies', { captcha, reply })
    : api.patch<{ reply: CannedReplyDto }>(`/replies/${id}`, { captcha, reply });
}

export async function deleteReply(id: number) {
  const captcha = await getCaptcha();
  return api.delete<object>(`/replies/${id}`, { captcha });
}
