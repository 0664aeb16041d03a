import { adminKeys, type AuditLogEntry, type AuditLogQuery } from '@ai-mind/contracts';
import { fetchPage, usePagedList } from '../../../lib/resource';

export type AuditFilters = Omit<AuditLogQuery, 'cursor' | 'limit'>;

export function useAuditLog(filters: AuditFilters) {
  const query = usePagedList(adminKeys.auditList(filters), (cursor) => fetchPage<AuditLogEntry>('/api/admin/audit-log', filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}
