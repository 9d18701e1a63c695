// Canned replies: the admin's list and its changes; every write carries a captcha.
import type { CannedReplyDto, ReplyFields } from '#shared/replies';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions, queryClient, useErrorToast, useQuery } from '../../../lib/query';

/** Query keys of the canned replies (decision 180). */
export const replyKeys = { all: ['replies'] as const };

export const listReplies = () => api.get<{ replies: CannedReplyDto[] }>('/replies');
export const repliesQuery = () =>
  queryOptions({ queryKey: replyKeys.all, queryFn: async () => (await okOrThrow(listReplies())).replies });

/** The canned replies (null while loading, empty after a failure, which is shown as a toast). */
export function useReplies(): CannedReplyDto[] | null {
  const { data, error } = useQuery(repliesQuery());
  useErrorToast(error);
  return data ?? (error ? [] : null);
}

/** A saved or deleted reply onto the cached list. */
export function setCachedReplies(update: (replies: CannedReplyDto[]) => CannedReplyDto[]): void {
  queryClient.setQueryData<CannedReplyDto[]>(replyKeys.all, (replies) => update(replies ?? []));
}

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
