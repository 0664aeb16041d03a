import type { AiTask, ArticleContext, ChatTurn } from '../ai.types.js';
import { PERSONA_PROMPT } from './persona.prompt.js';

/** Versions of the task prompts below; bump one when its wording changes. */
export const TASK_PROMPT_VERSIONS = {
  chat: 'chat@2',
  summary: 'summary@1',
  'comment-reply': 'comment-reply@1',
  commentary: 'commentary@1',
} as const;

/** Article text given to a model, bounded so a long article cannot crowd out the question. */
const ARTICLE_CHARS = 6000;

const data = (text: string) => `<data>\n${text.replaceAll('</data>', '</ data>')}\n</data>`;
const articleData = (article: ArticleContext) => data(`Title: ${article.title}\nCategory: ${article.category}\n\n${article.text.slice(0, ARTICLE_CHARS)}`);
const transcript = (history: ChatTurn[]) => history.map((turn) => `${turn.role === 'user' ? 'Reader' : 'AI Mind'}: ${turn.content}`).join('\n');

export interface PromptMessages {
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
}

/** The system prompt and messages for a task; all outside text travels as data, never as instructions. */
export function buildPrompt(task: AiTask): PromptMessages {
  const system = (instructions: string) => `${PERSONA_PROMPT.text}\n\n${instructions}`;
  switch (task.kind) {
    case 'chat': {
      const grounding = task.article
        ? `The reader is discussing this article; answer from it:\n${articleData(task.article)}`
        : `Articles on the site that may be relevant (suggest one by title when it fits):\n${data(task.related.map((r) => `- ${r.title} (${r.category})`).join('\n') || '(none)')}`;
      // The article's own numbering, so the answer's markers are the article's ([2] here is [2] on its page).
      const sources =
        task.article && task.sources?.length
          ? `\nThe article's sources, numbered as its own markers number them:\n${data(task.sources.map((s) => `[${s.number}] ${s.outlet}: ${s.title}`).join('\n'))}\nCite them as the article does: put the number of the source that supports a statement in square brackets before its full stop, e.g. [1]. Cite only these numbers, and never write a link.`
          : '';
      const found = task.passages?.length
        ? `\nPassages found for this question (quote them, and name the article when it is not the one in view):\n${data(task.passages.map((p) => `- [${p.title}] ${p.text}`).join('\n'))}`
        : '';
      return {
        system: system(`Answer the reader's latest message in at most 4 sentences.\n${grounding}${sources}${found}`),
        messages: [...task.history.map((turn) => ({ role: turn.role, content: turn.content })), { role: 'user', content: task.message }],
      };
    }
    case 'summary':
      return {
        system: system(
          'Summarise the conversation below about the article in 3 to 5 sentences: what the reader asked, what was answered, and the one point worth remembering.',
        ),
        messages: [{ role: 'user', content: `Article:\n${articleData(task.article)}\n\nConversation:\n${data(transcript(task.history))}` }],
      };
    case 'comment-reply':
      return {
        system: system('Reply to the reader comment below in 1 to 3 sentences, addressing the reader by name, engaging with their point and the article.'),
        messages: [{ role: 'user', content: `Article:\n${articleData(task.article)}\n\nComment by ${task.authorName}:\n${data(task.comment)}` }],
      };
    case 'commentary':
      return {
        system: system('Write the AI commentary shown under the article: 2 or 3 sentences on what it says about human behaviour.'),
        messages: [{ role: 'user', content: `Article:\n${articleData(task.article)}` }],
      };
  }
}
