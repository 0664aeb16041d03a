import { useQuery } from '@tanstack/react-query';
import { adminKeys, type AuditLogEntry, type AuditLogQuery, type AuditRefusals, type AuditRefusalsQuery } from '@ai-mind/contracts';
import { apiRequest } from '@ai-mind/ui';
import { fetchPage, usePagedList } from '../../../lib/resource';

export type AuditFilters = Omit<AuditLogQuery, 'cursor' | 'limit'>;

export function useAuditLog(filters: AuditFilters) {
  const query = usePagedList(adminKeys.auditList(filters), (cursor) => fetchPage<AuditLogEntry>('/api/admin/audit-log', filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}

/** How many admin calls were refused without a session in the filter's dates (counted, not listed one by one). */
export function useAuditRefusals({ from, to }: AuditFilters) {
  const dates: AuditRefusalsQuery = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const params = new URLSearchParams(dates);
  return useQuery({
    queryKey: adminKeys.auditRefusals(dates),
    queryFn: () => apiRequest<AuditRefusals>(`/api/admin/audit-log/refusals${params.size ? `?${params}` : ''}`),
  });
}
