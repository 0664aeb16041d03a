// The fediverse module's public surface: the app and the tests import it from here, never a file inside.

export { FediverseModule } from './fediverse.module.js';
export { FediverseJobsModule } from './fediverse.jobs.module.js';
export { FediverseFederation, SITE_ACTOR } from './fediverse-federation.js';
export { FediverseBlocks } from './fediverse-blocks.js';
export { InboxGate } from './inbox-gate.js';
export { FediverseInbox } from './fediverse-inbox.js';
export { SiteReplies } from './site-replies.js';
export { AiReplySender } from './ai-reply-sender.js';
export { registerFediverse } from './fediverse-http.js';

export { PostgresKvStore } from './fediverse-kv-store.js';
export { safeDocumentLoader } from './safe-document-loader.js';
export { FEDIVERSE_ENTITIES } from './tables.js';
