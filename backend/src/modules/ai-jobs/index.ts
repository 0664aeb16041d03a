// The ai-jobs module's public surface: the AI's work on the site's content (commentary on articles, replies to
// comments), queued by the API and run by the worker. Above the ai module (the models), comments and articles.

export { AiCommentaryModule } from './ai-commentary.module.js';
export { AiJobsModule } from './ai.jobs.module.js';
export { AiCommentaryService } from './ai-commentary.service.js';
