import { useQuery } from '@tanstack/react-query';
import { api, outletKeys, type SaveOutletRequest, type SourcingSettings } from '@ai-mind/contracts';
import { ApiError, callApi } from '@ai-mind/ui';
import { declareMutation } from '../../../lib/resource';

/** The owner's outlet list. */
export const useOutlets = () => useQuery({ queryKey: outletKeys.list(), queryFn: () => callApi(api.admin.outlets.list) });

/** The independent outlets a topic needs before the AI may write from it. */
export const useSourcingSettings = () => useQuery({ queryKey: outletKeys.settings(), queryFn: () => callApi(api.admin.outlets.settings) });

/** Each undecided trending topic's outlet mix, with the setting it is judged by. */
export const useTrendingMix = () => useQuery({ queryKey: outletKeys.trendingMix(), queryFn: () => callApi(api.admin.outlets.trendingMix) });

/** The mix of the topic an article was written from, and how it was approved. */
export const useArticleOutletMix = (articleId: number) =>
  useQuery({ queryKey: outletKeys.article(articleId), queryFn: () => callApi(api.admin.outlets.ofArticle, { params: { id: articleId } }) });

/** A change of the list or the setting changes every mix judged by them. */
const listChanged = () => [outletKeys.all] as const;

export const useCreateOutlet = declareMutation((outlet: SaveOutletRequest) => callApi(api.admin.outlets.create, { body: outlet }), listChanged);
export const useUpdateOutlet = declareMutation(
  ({ id, outlet }: { id: number; outlet: SaveOutletRequest }) => callApi(api.admin.outlets.update, { params: { id }, body: outlet }),
  listChanged,
);
export const useDeleteOutlet = declareMutation((id: number) => callApi(api.admin.outlets.delete, { params: { id } }), listChanged);
export const useSaveSourcingSettings = declareMutation(
  (settings: SourcingSettings) => callApi(api.admin.outlets.saveSettings, { body: settings }),
  listChanged,
);

/** The server's field errors of a 400 (`details: [{ path, message }]`), by field; empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.body) as { details?: { path?: string; message?: string }[] };
    return Object.fromEntries((body.details ?? []).filter((d) => d.path && d.message).map((d) => [d.path!, d.message!]));
  } catch {
    return {};
  }
}
