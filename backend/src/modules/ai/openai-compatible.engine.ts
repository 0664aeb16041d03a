import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { AiEngine, AiTask, GenerationRequest, GeneratedArticle } from './ai.types.js';
import { buildArticlePrompt } from './prompts/article.prompt.js';
import { buildPrompt } from './prompts/tasks.prompt.js';

const GeneratedArticleSchema = z.object({
  title: z.string().trim().min(1).max(300),
  html: z.string().trim().min(1),
  metaDescription: z.string().trim().max(400),
});

export interface OpenAiCompatibleSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  maxOutputTokens: number;
}

/** Any OpenAI-compatible server (OpenAI, Ollama, llama.cpp server, vLLM) through the ai SDK. */
export class OpenAiCompatibleEngine implements AiEngine {
  readonly description: string;
  private readonly model: LanguageModel;

  constructor(private readonly settings: OpenAiCompatibleSettings) {
    const provider = createOpenAICompatible({ name: 'ai-mind-llm', baseURL: settings.baseUrl, apiKey: settings.apiKey });
    this.model = provider.chatModel(settings.model);
    this.description = `${settings.model} at ${new URL(settings.baseUrl).host}`;
  }

  async generate(task: AiTask, signal: AbortSignal): Promise<string> {
    const { system, messages } = buildPrompt(task);
    const result = await generateText({
      model: this.model,
      system,
      messages,
      maxOutputTokens: this.settings.maxOutputTokens,
      // One retry on a transient error (429, 5xx, network); the caller's timeout bounds both tries.
      maxRetries: 1,
      abortSignal: signal,
    });
    return result.text;
  }

  /** The model must answer with the JSON of ARTICLE_REPLY_FORMAT; anything else is an error (and a retry). */
  async generateArticle(request: GenerationRequest, signal: AbortSignal): Promise<GeneratedArticle> {
    const { system, prompt } = buildArticlePrompt(request);
    const result = await generateText({
      model: this.model,
      system,
      prompt,
      maxOutputTokens: this.settings.maxOutputTokens * 4,
      maxRetries: 1,
      abortSignal: signal,
    });
    const json = result.text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '');
    return GeneratedArticleSchema.parse(JSON.parse(json));
  }
}
