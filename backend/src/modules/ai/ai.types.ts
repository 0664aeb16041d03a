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

/** A numbered source of an approved topic, as the blog writer is given it. */
export interface GenerationSource {
  number: number;
  outlet: string;
  title: string;
  summary: string;
  /** The page's main text, or null when only the feed item is known. */
  text: string | null;
  link: string | null;
  publishedAt: string | null;
}

/** A request for a whole article about an approved topic, written from its sources alone. */
export interface GenerationRequest {
  topic: string;
  category: string;
  sources: GenerationSource[];
}

/** A generated article: sanitized by whoever stores it, like any outside HTML. */
export interface GeneratedArticle {
  title: string;
  html: string;
  metaDescription: string;
}

/** A blog and what wrote it, for the article's generation record. */
export interface WrittenArticle extends GeneratedArticle {
  engine: 'offline' | 'openai-compatible';
  model: string | null;
  promptVersion: string;
}

/** A kept source of the article in discussion, by the number its body's markers (`[n]`) give it. */
export interface CitableSource {
  number: number;
  outlet: string;
  title: string;
}

/** Every piece of AI text the product asks for. */
export type AiTask =
  | {
      kind: 'chat';
      message: string;
      history: ChatTurn[];
      article?: ArticleContext;
      related: RelatedArticle[];
      passages?: Passage[];
      /** The article's kept sources, to cite as the article does; absent when it has none (or there is no article). */
      sources?: CitableSource[];
    }
  | { kind: 'summary'; history: ChatTurn[]; article: ArticleContext }
  | { kind: 'comment-reply'; article: ArticleContext; authorName: string; comment: string }
  | { kind: 'commentary'; article: ArticleContext };

/** One way to produce text for a task: a real model, or the offline persona engine. */
export interface AiEngine {
  /** Shown by the health check and the logs. */
  readonly description: string;
  generate(task: AiTask, signal: AbortSignal): Promise<string>;
  generateArticle(request: GenerationRequest, signal: AbortSignal): Promise<GeneratedArticle>;
}

/** The AI could not answer (timeout, provider error, unusable output); callers fall back or retry. */
export class AiUnavailableError extends Error {}
