import { BadRequestException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { stripTags, type ChatRequest, type ChatSummaryRequest } from '@ai-mind/contracts';
import { AiService, AiUnavailableError, type ArticleContext, type RelatedArticle } from '../ai/index.js';
import { keywords } from '../../common/keywords.js';
import { ArticleReads, type ArticleRow, PassagesService, SearchService } from '../articles/index.js';
import { ChatMemoryService } from './chat-memory.service.js';

const RELATED_COUNT = 3;
export const AI_UNAVAILABLE_MESSAGE = 'The AI Mind is having a moment. Please try again in a little while.';

/** Article-grounded chat with memory per session, and summaries of a discussion. */
@Injectable()
export class ChatService {
  constructor(
    private readonly articles: ArticleReads,
    private readonly ai: AiService,
    private readonly memory: ChatMemoryService,
    private readonly search: SearchService,
    private readonly passages: PassagesService,
  ) {}

  async reply(request: ChatRequest): Promise<string> {
    await this.memory.countMessage(request.sessionId);
    const article = request.articleId ? await this.publishedArticle(request.articleId) : undefined;
    const [history, related, passages] = await Promise.all([
      this.memory.history(request.sessionId),
      article ? this.sameCategory(article) : this.relatedTo(request.message),
      this.passages.find(request.message, article?.id),
    ]);
    const response = await this.generate({ kind: 'chat', message: request.message, history, article: article && toContext(article), related, passages });
    await this.memory.append(request.sessionId, { role: 'user', content: request.message }, { role: 'assistant', content: response });
    return response;
  }

  async summary(request: ChatSummaryRequest): Promise<string> {
    const article = await this.publishedArticle(request.articleId);
    const history = await this.memory.history(request.sessionId);
    if (!history.some((turn) => turn.role === 'user')) {
      throw new BadRequestException({ error: 'Bad Request', message: 'There is nothing to summarise yet: ask something first.' });
    }
    return this.generate({ kind: 'summary', history, article: toContext(article) });
  }

  private async generate(task: Parameters<AiService['generate']>[0]): Promise<string> {
    try {
      return await this.ai.generate(task);
    } catch (error) {
      if (error instanceof AiUnavailableError) throw new ServiceUnavailableException({ error: 'Service Unavailable', message: AI_UNAVAILABLE_MESSAGE });
      throw error;
    }
  }

  private async publishedArticle(id: number): Promise<ArticleRow> {
    const article = await this.articles.findPublishedById(id);
    if (!article) throw new NotFoundException({ error: 'Not Found', message: `Article ${id} not found` });
    return article;
  }

  private sameCategory(article: ArticleRow): Promise<RelatedArticle[]> {
    return this.articles.publishedInSameCategory(article.id, RELATED_COUNT);
  }

  /** Articles matching any content word of the message, best first. */
  private async relatedTo(message: string): Promise<RelatedArticle[]> {
    const terms = keywords(message).slice(0, 8);
    if (terms.length === 0) return [];
    const rows = await this.search.searchPublished(terms.join(' or '), { category: null, offset: 0, limit: RELATED_COUNT });
    return rows.map((row) => ({ title: row.title, slug: row.slug, category: row.category }));
  }
}

function toContext(article: ArticleRow): ArticleContext {
  return { title: article.title, slug: article.slug, category: article.category, text: stripTags(article.content) };
}
