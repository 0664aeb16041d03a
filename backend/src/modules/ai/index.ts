// The ai module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { AiModule } from './ai.module.js';
export { AiService } from './ai.service.js';
export {
  AiUnavailableError,
  type ArticleContext,
  type GenerationSource,
  type ChatTurn,
  type CitableSource,
  type Passage,
  type RelatedArticle,
} from './ai.types.js';
