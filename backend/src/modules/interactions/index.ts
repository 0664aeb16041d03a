// The interactions module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { InteractionsModule } from './interactions.module.js';
export { Interaction } from './interaction.entity.js';
export { InteractionCounts } from './interaction-counts.js';
export { INTERACTIONS_ENTITIES } from './tables.js';
