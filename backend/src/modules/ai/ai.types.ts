/** What the AI layer knows of an article: its words, never its HTML. */
export interface ArticleContext {
  title: string;
  slug: string;
  category: string;
  /** Plain text of the body. */
  text: string;
}

export interface RelatedArticle {
  title: string;
  slug: string;
  category: string;
}

/** A paragraph found for a question: from the article in view, or from another article of the archive. */
export interface Passage {
  text: string;
  title: string;
  slug: string;
  inView: boolean;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A news item behind a trending topic, as the blog writer sees it. */
export interface TopicSource {
  title: string;
  url?: string | null;
  summary?: string | null;
}

/** A request for a whole article about an approved topic (the workflow's built-in generator). */
export interface BlogRequest {
  topic: string;
  category: string;
  sources: TopicSource[];
}

/** A generated article: sanitized by whoever stores it, like any outside HTML. */
export interface GeneratedBlog {
  title: string;
  html: string;
  metaDescription: string;
}

/** Every piece of AI text the product asks for. */
export type AiTask =
  | { kind: 'chat'; message: string; history: ChatTurn[]; article?: ArticleContext; related: RelatedArticle[]; passages?: Passage[] }
  | { kind: 'summary'; history: ChatTurn[]; article: ArticleContext }
  | { kind: 'comment-reply'; article: ArticleContext; authorName: string; comment: string }
  | { kind: 'commentary'; article: ArticleContext };

/** One way to produce text for a task: a real model, or the offline persona engine. */
export interface AiEngine {
  /** Shown by the health check and the logs. */
  readonly description: string;
  generate(task: AiTask, signal: AbortSignal): Promise<string>;
  generateBlog(request: BlogRequest, signal: AbortSignal): Promise<GeneratedBlog>;
}

/** The AI could not answer (timeout, provider error, unusable output); callers fall back or retry. */
export class AiUnavailableError extends Error {}
