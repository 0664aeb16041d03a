import type { BlogRequest } from '../ai.types.js';
import { PERSONA_PROMPT } from './persona.prompt.js';

export const BLOG_PROMPT_VERSION = 'blog@1';

/** The reply format asked of a model, checked before anything is stored. */
export const BLOG_REPLY_FORMAT = '{"title": string (at most 120 characters), "html": string (the article body), "metaDescription": string (at most 155 characters)}';

export function buildBlogPrompt(request: BlogRequest): { system: string; prompt: string } {
  const sources = request.sources.map((source, i) => `${i + 1}. ${source.title}${source.summary ? ` — ${source.summary}` : ''}${source.url ? ` (${source.url})` : ''}`).join('\n');
  return {
    system: [
      PERSONA_PROMPT.text,
      '',
      'Write an original analysis article for the site about the topic below, 500 to 800 words, in the persona\'s voice but informative first.',
      'Use only facts found in the sources; say where something is uncertain. Body HTML may use <h2>, <p>, <strong>, <em>, <ul>, <li>, <blockquote> only.',
      `Reply with JSON only, exactly: ${BLOG_REPLY_FORMAT}`,
    ].join('\n'),
    prompt: `Topic: ${request.topic}\nCategory: ${request.category}\nSources:\n<data>\n${sources.replaceAll('</data>', '</ data>')}\n</data>`,
  };
}
