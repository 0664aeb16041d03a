import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { citedSourceNumbers, META_DESCRIPTION_LENGTH, stripTags, truncate } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { AiUnavailableError, type AiEngine, type AiTask, type GenerationRequest, type GeneratedArticle, type WrittenArticle } from './ai.types.js';
import { ARTICLE_PROMPT_VERSION } from './prompts/article.prompt.js';
import { OfflinePersonaEngine } from './offline-persona.engine.js';
import { OpenAiCompatibleEngine } from './openai-compatible.engine.js';
import { citableStatements } from './offline-digest.js';

/** How many replies a blog may take before its references match its sources. */
const ARTICLE_ATTEMPTS = 3;

/** Longest AI text the product stores or shows. */
export const AI_TEXT_MAX_CHARS = 1200;

/** Plain text, whitespace collapsed, cut at a sentence end within the limit where there is one. */
export function tidyAiText(text: string): string {
  const plain = stripTags(text).replace(/\s+/g, ' ').trim();
  if (plain.length <= AI_TEXT_MAX_CHARS) return plain;
  const cut = plain.slice(0, AI_TEXT_MAX_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > AI_TEXT_MAX_CHARS / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}...`;
}

/**
 * The one door to AI text: the configured model, or the offline persona engine when none is set.
 * Every call is bounded by the configured timeout; any failure becomes AiUnavailableError.
 */
@Injectable()
export class AiService implements OnModuleInit {
  private readonly logger = new Logger(AiService.name);
  private readonly engine: AiEngine;
  readonly offline: boolean;

  constructor(@InjectConfig('ai') private readonly config: ConfigSlice<'ai'>) {
    const ai = config;
    this.offline = !ai.baseUrl;
    this.engine = ai.baseUrl
      ? new OpenAiCompatibleEngine({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model, maxOutputTokens: ai.maxOutputTokens })
      : new OfflinePersonaEngine();
  }

  get engineDescription(): string {
    return this.engine.description;
  }

  onModuleInit(): void {
    this.logger.log(`AI engine: ${this.engine.description}`);
  }

  async generate(task: AiTask): Promise<string> {
    let text: string;
    try {
      text = await this.engine.generate(task, AbortSignal.timeout(this.config.timeoutMs));
    } catch (error) {
      // The message only: provider errors carry the whole prompt, readers' words included.
      this.logger.warn({ task: task.kind, reason: error instanceof Error ? error.message : String(error) }, 'AI engine failed');
      throw new AiUnavailableError(`The AI engine failed on a ${task.kind} task`, { cause: error });
    }
    const tidy = tidyAiText(text);
    if (!tidy) throw new AiUnavailableError(`The AI engine returned no usable text for a ${task.kind} task`);
    return tidy;
  }

  /**
   * A whole article about a topic from its numbered sources; its HTML is outside input to whoever
   * stores it (sanitize first). A reply citing a source it was not given, or citing none at all when
   * it had sources with something to cite, is refused and asked for again, up to ARTICLE_ATTEMPTS times.
   */
  async generateArticle(request: GenerationRequest): Promise<WrittenArticle> {
    const given = new Set(request.sources.map((source) => source.number));
    // A source with no full sentence to repeat (a topic added by hand, known by its headline) gives the writer nothing to cite.
    const citable = request.sources.some((source) => citableStatements(source).length > 0);
    let refusal = '';
    for (let attempt = 1; attempt <= ARTICLE_ATTEMPTS; attempt++) {
      let written: GeneratedArticle;
      try {
        written = await this.engine.generateArticle(request, AbortSignal.timeout(this.config.timeoutMs));
      } catch (error) {
        this.logger.warn({ task: 'blog', reason: error instanceof Error ? error.message : String(error) }, 'AI engine failed');
        throw new AiUnavailableError('The AI engine failed to write a blog', { cause: error });
      }
      const cited = citedSourceNumbers(stripTags(written.html));
      const unknown = cited.filter((number) => !given.has(number));
      refusal = unknown.length
        ? `cited source${unknown.length === 1 ? '' : 's'} ${unknown.map((n) => `[${n}]`).join(', ')} it was not given`
        : citable && cited.length === 0
          ? 'cited none of its sources'
          : '';
      if (!refusal) {
        return {
          title: written.title.slice(0, 300),
          html: written.html,
          metaDescription: truncate(stripTags(written.metaDescription), META_DESCRIPTION_LENGTH),
          engine: this.offline ? 'offline' : 'openai-compatible',
          model: this.offline ? null : this.config.model,
          promptVersion: ARTICLE_PROMPT_VERSION,
        };
      }
      this.logger.warn({ task: 'blog', attempt, refusal }, 'Blog refused: its references do not match its sources');
    }
    throw new AiUnavailableError(`The AI engine's article ${refusal} (${ARTICLE_ATTEMPTS} attempts)`);
  }
}
