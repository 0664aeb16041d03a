import { api, type EvidenceFormat } from '@ai-mind/contracts';
import { apiAddress } from '../../../lib/api-address';

/**
 * The evidence export's address: a download the browser makes with the session (owner-only on the
 * server; the panel shows the controls to owners only).
 */
export function evidenceUrl(query: { article: number } | { from: string; to: string }, format: EvidenceFormat): string {
  const params: Record<string, string> = 'article' in query ? { article: String(query.article) } : { from: query.from, to: query.to };
  return apiAddress(api.admin.evidence, { query: { ...params, format } });
}

/** The route's address without a query: a plain form's action (its fields become the query). */
export const EVIDENCE_ACTION = apiAddress(api.admin.evidence);
