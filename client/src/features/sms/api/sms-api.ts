// Calls of the SMS verification endpoints (decisions 102, 052): wallet phones, the inbox, templates.
import type { Wallet } from '#shared/constants';
import type { DeviceDto, LinkCandidateDto, SmsDto, SmsStateFilter, SmsTemplateDto } from '#shared/sms/sms-api';
import type { SmsTemplateFields } from '#shared/sms/sms-template-schema';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions } from '../../../lib/query';

/** Query keys of the SMS feature (decision 180). */
export const smsKeys = {
  all: ['sms'] as const,
  inboxes: () => [...smsKeys.all, 'inbox'] as const,
  inbox: (filter: InboxFilter) => [...smsKeys.inboxes(), filter] as const,
  devices: () => [...smsKeys.all, 'devices'] as const,
  templates: () => [...smsKeys.all, 'templates'] as const,
};

export const listDevices = () => api.get<{ devices: DeviceDto[] }>('/devices');
/** The wallet phones (one query for the devices page, the silent-phone and ledger-gap alerts). */
export const devicesQuery = () =>
  queryOptions({ queryKey: smsKeys.devices(), queryFn: () => okOrThrow(listDevices()) });
/** The wallet's balance now, stated for its phone's ledger (decision 144). */
export async function setDeviceBalance(id: string, balance: string) {
  const captcha = await getCaptcha();
  return api.post<{ device: DeviceDto }>(`/devices/${encodeURIComponent(id)}/balance`, { captcha, balance });
}
export async function addDevice(device: { name: string; account: Wallet; balance?: string }) {
  const captcha = await getCaptcha();
  return api.post<{ device: DeviceDto; token: string }>('/devices', { captcha, device });
}
export async function revokeDevice(id: string) {
  const captcha = await getCaptcha();
  return api.delete<object>(`/devices/${encodeURIComponent(id)}`, { captcha });
}

export interface InboxFilter {
  page: number;
  /** One state, or `needs_action` (decision 197); none: every SMS. */
  state?: SmsStateFilter;
  account?: Wallet;
  q?: string;
}
export const listSms = (filter: InboxFilter) => api.get<{ sms: SmsDto[]; pages: number }>('/sms', { ...filter });
/** The orders the SMS could be linked to: its wallet's top-ups without proof, the same amount first (decision 197). */
export const linkCandidates = (id: number) => api.get<{ candidates: LinkCandidateDto[] }>(`/sms/${id}/candidates`);

/** One inbox page for the filters: `inboxQuery(filters)(page)`. */
export const inboxQuery = (filters: Omit<InboxFilter, 'page'>) => (page: number) =>
  queryOptions({
    queryKey: smsKeys.inbox({ ...filters, page }),
    queryFn: () => okOrThrow(listSms({ ...filters, page })),
  });
export async function linkSms(id: number, orderId: string, reason: string) {
  const captcha = await getCaptcha();
  return api.patch<{ sms: SmsDto }>(`/sms/${id}`, { captcha, sms: { order_id: orderId, reason } });
}

export const listTemplates = () => api.get<{ templates: SmsTemplateDto[] }>('/sms-templates');
export const templatesQuery = () =>
  queryOptions({ queryKey: smsKeys.templates(), queryFn: () => okOrThrow(listTemplates()) });
export async function saveTemplate(id: number | null, template: SmsTemplateFields) {
  const captcha = await getCaptcha();
  return id === null
    ? api.post<{ template: SmsTemplateDto }>('/sms-templates', { captcha, template })
    : api.patch<{ template: SmsTemplateDto }>(`/sms-templates/${id}`, { captcha, template });
}
export async function deleteTemplate(id: number) {
  const captcha = await getCaptcha();
  return api.delete<object>(`/sms-templates/${id}`, { captcha });
}
