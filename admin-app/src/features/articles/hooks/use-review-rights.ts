import { useSession } from '../../auth/hooks/use-session';

/**
 * What the signed-in account may do in review: editors and the owner (`articles.publish`) take every
 * step on any article; a writer submits and edits their own and assigned drafts. The server decides;
 * this only hides what it would refuse.
 */
export function useReviewRights(): { editsAny: boolean; mayChange: (article: { authorName: string | null; assigneeName: string | null }) => boolean } {
  const account = useSession().data?.account;
  const editsAny = account?.permissions.includes('articles.publish') ?? false;
  return {
    editsAny,
    mayChange: (article) => editsAny || (account !== undefined && (article.authorName === account.username || article.assigneeName === account.username)),
  };
}
