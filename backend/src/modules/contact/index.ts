// The contact module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { ContactModule } from './contact.module.js';
export { ContactSubmission } from './contact-submission.entity.js';
export { CONTACT_ENTITIES } from './tables.js';
