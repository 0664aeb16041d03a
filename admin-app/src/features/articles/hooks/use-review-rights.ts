import { useSession } from '../../auth/hooks/use-session';

/**
 * What the signed-in account may do in review: editors and the owner take every step on any article;
 * a writer submits their own and assigned drafts. The server decides; this only hides what it would refuse.
 */
export function useReviewRights(): { editsAny: boolean; mayChange: (article: { authorId: number | null; assigneeId: number | null }) => boolean } {
  const session = useSession().data as { role?: string; userId?: number } | undefined;
  // Accounts from before roles existed could do everything.
  const editsAny = (session?.role ?? 'owner') !== 'writer';
  return {
    editsAny,
    mayChange: (article) => editsAny || (session?.userId !== undefined && (article.authorId === session.userId || article.assigneeId === session.userId)),
  };
}
