import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { META_DESCRIPTION_LENGTH, stripTags, truncate } from '@ai-mind/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { AiUnavailableError, type AiEngine, type AiTask, type BlogRequest, type GeneratedBlog } from './ai.types.js';
import { OfflinePersonaEngine } from './offline-persona.engine.js';
import { OpenAiCompatibleEngine } from './openai-compatible.engine.js';

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

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { ai } = config;
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
      text = await this.engine.generate(task, AbortSignal.timeout(this.config.ai.timeoutMs));
    } catch (error) {
      // The message only: provider errors carry the whole prompt, readers' words included.
      this.logger.warn({ task: task.kind, reason: error instanceof Error ? error.message : String(error) }, 'AI engine failed');
      throw new AiUnavailableError(`The AI engine failed on a ${task.kind} task`, { cause: error });
    }
    const tidy = tidyAiText(text);
    if (!tidy) throw new AiUnavailableError(`The AI engine returned no usable text for a ${task.kind} task`);
    return tidy;
  }

  /** A whole article about a topic; its HTML is outside input to whoever stores it (sanitize first). */
  async generateBlog(request: BlogRequest): Promise<GeneratedBlog> {
    try {
      const blog = await this.engine.generateBlog(request, AbortSignal.timeout(this.config.ai.timeoutMs));
      return { title: blog.title.slice(0, 300), html: blog.html, metaDescription: truncate(stripTags(blog.metaDescription), META_DESCRIPTION_LENGTH) };
    } catch (error) {
      this.logger.warn({ task: 'blog', reason: error instanceof Error ? error.message : String(error) }, 'AI engine failed');
      throw new AiUnavailableError('The AI engine failed to write a blog', { cause: error });
    }
  }
}
