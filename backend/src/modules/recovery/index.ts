// The recovery module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { RecoveryJobsModule } from './recovery.jobs.module.js';
export { RecoveryModule } from './recovery.module.js';
export { ArticleBackup } from './article-backup.entity.js';
export { BackupBeforeInterceptor } from './backup-before.interceptor.js';
export { OPS_COMMANDS } from './ops-commands.js';
export { RecoveryProcessor } from './recovery.processor.js';
export { RECOVERY_ENTITIES } from './tables.js';
