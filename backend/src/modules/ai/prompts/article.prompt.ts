import { COMMENTARY_HEADING } from '@ai-mind/contracts';
import type { GenerationRequest } from '../ai.types.js';
import { PERSONA_PROMPT } from './persona.prompt.js';

/** A change of the blog instructions is a new version: each article's generation record names the one that wrote it. */
export const ARTICLE_PROMPT_VERSION = 'blog@2';

/** The reply format asked of a model, checked before anything is stored. */
export const ARTICLE_REPLY_FORMAT =
  '{"title": string (at most 120 characters), "html": string (the article body), "metaDescription": string (at most 155 characters)}';

/** How much of one source's text, and of all of them, the model is given: the lead of each page, within the context. */
export const SOURCE_TEXT_CHARS = 4_000;
export const SOURCES_TEXT_CHARS = 16_000;

/** Source text as data: nothing in it can close the data block or open a new source. */
const asData = (text: string) => text.replace(/<\/?(data|source)\b/gi, (tag) => tag.replace('<', '‹'));

export function buildArticlePrompt(request: GenerationRequest): { system: string; prompt: string } {
  const share = Math.max(500, Math.min(SOURCE_TEXT_CHARS, Math.floor(SOURCES_TEXT_CHARS / Math.max(1, request.sources.length))));
  const sources = request.sources
    .map((source) => {
      const text = (source.text ?? source.summary).slice(0, share);
      const attributes = [
        `n="${source.number}"`,
        `outlet="${asData(source.outlet).replace(/"/g, "'")}"`,
        source.publishedAt ? `published="${source.publishedAt}"` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<source ${attributes}>\nTitle: ${asData(source.title)}\n${asData(text)}\n</source>`;
    })
    .join('\n');
  const numbers = request.sources.map((source) => source.number).join(', ');
  return {
    system: [
      PERSONA_PROMPT.text,
      '',
      'Write an analysis article for the site about the topic below, 400 to 800 words, informative first, from the numbered sources alone.',
      'Every factual sentence must come from the sources and end with a reference marker naming its source before the final stop, like this: "Builders started fewer homes [2]."',
      `Cite only the sources you are given (${numbers || 'none'}); never invent a source, a number, a name or a quotation, and attribute claims to their outlet.`,
      `Put your own opinion, if any, last, under the heading <h2>${COMMENTARY_HEADING}</h2>; state no new facts there.`,
      'Body HTML may use <h2>, <p>, <strong>, <em>, <ul>, <li>, <blockquote> only.',
      `Reply with JSON only, exactly: ${ARTICLE_REPLY_FORMAT}`,
    ].join('\n'),
    prompt: `Topic: ${request.topic}\nCategory: ${request.category}\nSources:\n<data>\n${sources}\n</data>`,
  };
}
