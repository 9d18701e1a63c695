// Calls of the admin's reports (issue 10): the KPIs of GET /stats and the audit log with its CSV export.
import type { AuditListDto } from '#shared/audit';
import type { StatsDto, StatsRange } from '#shared/stats';
import { api, type QueryParams } from '../../../lib/api';

export const fetchStats = (range: StatsRange) => api.get<{ stats: StatsDto }>('/stats', { range });

/** The audit list's filters; an empty value is no filter. */
export interface AuditFilter {
  action: string;
  actor: string;
}
const auditQuery = (f: AuditFilter): QueryParams => ({ action: f.action || undefined, actor: f.actor || undefined });

export const listAuditEntries = (page: number, filter: AuditFilter) => api.get<AuditListDto>('/audit', { page, ...auditQuery(filter) });
export const downloadAuditCsv = (filter: AuditFilter, filename: string) => api.download('/audit/export.csv', auditQuery(filter), filename);
