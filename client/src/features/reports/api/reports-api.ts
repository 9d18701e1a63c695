// Calls of the admin's reports: the KPIs of GET /stats and the audit log with its CSV export.
import type { AuditListDto } from '#shared/audit';
import type { StatsDto, StatsRange } from '#shared/stats';
import { api, okOrThrow, type QueryParams } from '../../../lib/api';
import { queryOptions } from '../../../lib/query';

/** Query keys of the reports feature (decision 180). */
export const reportKeys = {
  all: ['reports'] as const,
  stats: (range: StatsRange) => [...reportKeys.all, 'stats', range] as const,
  audit: (page: number, filter: AuditFilter) => [...reportKeys.all, 'audit', page, filter] as const,
};

export const fetchStats = (range: StatsRange) => api.get<{ stats: StatsDto }>('/stats', { range });
export const statsQuery = (range: StatsRange) =>
  queryOptions({ queryKey: reportKeys.stats(range), queryFn: async () => (await okOrThrow(fetchStats(range))).stats });

/** The audit list's filters; an empty value is no filter. */
export interface AuditFilter {
  action: string;
  actor: string;
}
const auditQuery = (f: AuditFilter): QueryParams => ({ action: f.action || undefined, actor: f.actor || undefined });

export const listAuditEntries = (page: number, filter: AuditFilter) =>
  api.get<AuditListDto>('/audit', { page, ...auditQuery(filter) });
export const auditEntriesQuery = (filter: AuditFilter) => (page: number) =>
  queryOptions({ queryKey: reportKeys.audit(page, filter), queryFn: () => okOrThrow(listAuditEntries(page, filter)) });
export const downloadAuditCsv = (filter: AuditFilter, filename: string) =>
  api.download('/audit/export.csv', auditQuery(filter), filename);
