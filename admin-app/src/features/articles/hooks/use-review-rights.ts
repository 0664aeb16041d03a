import { WRITER_EDITABLE_STAGES, type ArticleReviewFields } from '@ai-mind/contracts';
import { useAccount, useCan } from '../../../lib/account';

/**
 * What the signed-in account may do in review: editors and the owner (`articles.publish`) take every
 * step on any article; a writer submits and edits their own and assigned drafts while they are drafts or changes were requested. The server decides;
 * this only hides what it would refuse.
 */
export function useReviewRights(): { editsAny: boolean; mayChange: (article: Pick<ArticleReviewFields, 'stage' | 'authorName' | 'assigneeName'>) => boolean } {
  const account = useAccount();
  const editsAny = useCan()('articles.publish');
  return {
    editsAny,
    mayChange: (article) =>
      editsAny ||
      (account !== undefined &&
        WRITER_EDITABLE_STAGES.includes(article.stage) &&
        (article.authorName === account.username || article.assigneeName === account.username)),
  };
}
