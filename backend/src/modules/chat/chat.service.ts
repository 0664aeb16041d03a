import { BadRequestException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { CHAT_AI_DISCLOSURE, stripTags, type ChatRequest, type ChatResponse, type ChatSource, type ChatSummaryRequest } from '@ai-mind/contracts';
import { AiService, AiUnavailableError, type ArticleContext, type RelatedArticle } from '../ai/index.js';
import { keywords } from '../../common/keywords.js';
import { ArticleReads, type ArticleRow, PassagesService, SearchService } from '../articles/index.js';
import { ProvenanceReader } from '../provenance/index.js';
import { ChatMemoryService } from './chat-memory.service.js';
import { citableSources, citeSources, withoutMarkers } from './chat-citations.js';

const RELATED_COUNT = 3;
/** A title shorter than this is too common a phrase to say a message names its article ('Rates', 'AI'). */
const NAMED_TITLE_MIN_CHARS = 12;
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
    private readonly provenance: ProvenanceReader,
  ) {}

  /**
   * An answer, cited from the sources of the article it is about (the one the chat was opened from, or
   * one the message names by its title) like the article cites them, and with the first answer of a
   * conversation, the words that say the reader is talking to an AI.
   */
  async reply(request: ChatRequest): Promise<ChatResponse> {
    const count = await this.memory.countMessage(request.sessionId);
    const found = request.articleId ? undefined : await this.relatedTo(request.message);
    const article = request.articleId ? await this.publishedArticle(request.articleId) : await this.namedIn(request.message, found ?? []);
    const [history, related, passages, sources] = await Promise.all([
      this.memory.history(request.sessionId),
      article ? this.sameCategory(article) : (found ?? []).map(({ title, slug, category }) => ({ title, slug, category })),
      this.passages.find(request.message, article?.id),
      this.sourcesOf(article),
    ]);
    // Another article's markers number that article's sources: they are not this answer's to cite.
    const grounded = passages.map((passage) => (passage.inView ? passage : { ...passage, text: withoutMarkers(passage.text) }));
    const text = await this.generate({
      kind: 'chat',
      message: request.message,
      history,
      article: article && toContext(article),
      related,
      passages: grounded,
      ...(sources.length ? { sources: sources.map(({ number, outlet, title }) => ({ number, outlet, title })) } : {}),
    });
    const cited = citeSources(text, sources);
    await this.memory.append(request.sessionId, { role: 'user', content: request.message }, { role: 'assistant', content: cited.response });
    return { ...cited, disclosure: count === 1 ? CHAT_AI_DISCLOSURE : null };
  }

  async summary(request: ChatSummaryRequest): Promise<ChatResponse> {
    const article = await this.publishedArticle(request.articleId);
    const [history, sources] = await Promise.all([this.memory.history(request.sessionId), this.sourcesOf(article)]);
    if (!history.some((turn) => turn.role === 'user')) {
      throw new BadRequestException({ error: 'Bad Request', message: 'There is nothing to summarise yet: ask something first.' });
    }
    // The summary repeats the answers' quotes, markers and all: they are cited the same way.
    const text = await this.generate({ kind: 'summary', history, article: toContext(article) });
    return { ...citeSources(text, sources), disclosure: null };
  }

  /** The article's kept sources (its approved topic's source set), or none for an article with none on record. */
  private async sourcesOf(article: ArticleRow | undefined): Promise<ChatSource[]> {
    return article ? citableSources(await this.provenance.sourcesOfArticle(article.id)) : [];
  }

  /** The published article whose whole title (or slug) the message spells out, among those its words found. */
  private async namedIn(message: string, found: { id: number; title: string; slug: string }[]): Promise<ArticleRow | undefined> {
    const lower = message.toLowerCase();
    const named = found.find(
      (row) => (row.title.length >= NAMED_TITLE_MIN_CHARS && lower.includes(row.title.toLowerCase())) || lower.includes(row.slug.toLowerCase()),
    );
    return named ? ((await this.articles.findPublishedById(named.id)) ?? undefined) : undefined;
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
  private async relatedTo(message: string): Promise<(RelatedArticle & { id: number })[]> {
    const terms = keywords(message).slice(0, 8);
    if (terms.length === 0) return [];
    const rows = await this.search.searchPublished(terms.join(' or '), { category: null, offset: 0, limit: RELATED_COUNT });
    return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, category: row.category }));
  }
}

function toContext(article: ArticleRow): ArticleContext {
  return { title: article.title, slug: article.slug, category: article.category, text: stripTags(article.content) };
}
