// The comments module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { CommentsModule } from './comments.module.js';
export { Comment } from './comment.entity.js';
export { aiReplyJobOptions, CommentsService, toCommentDto } from './comments.service.js';
export { CommentsAdminService } from './comments-admin.service.js';
export { spamReason } from './spam-screen.js';
// The database's behaviour on the comment table (assembled in app/database-behaviour.ts).
export { commentNotifySql } from './comment-notify.sql.js';
export { commentPurgeSql } from './comment-purge.sql.js';
export { COMMENTS_ENTITIES } from './tables.js';
