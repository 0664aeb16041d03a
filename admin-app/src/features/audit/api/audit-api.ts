import { useQuery } from '@tanstack/react-query';
import { adminKeys, api, type AuditLogQuery, type AuditRefusalsQuery } from '@ai-mind/contracts';
import { callApi } from '@ai-mind/ui';
import { fetchPage, usePagedList } from '../../../lib/resource';

export type AuditFilters = Omit<AuditLogQuery, 'cursor' | 'limit'>;

export function useAuditLog(filters: AuditFilters) {
  const query = usePagedList(adminKeys.auditList(filters), (cursor) => fetchPage(api.admin.auditLog.list, filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}

/** How many admin calls were refused without a session in the filter's dates (counted, not listed one by one). */
export function useAuditRefusals({ from, to }: AuditFilters) {
  const dates: AuditRefusalsQuery = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return useQuery({
    queryKey: adminKeys.auditRefusals(dates),
    queryFn: () => callApi(api.admin.auditLog.refusals, { query: dates }),
  });
}
