// The people module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { PeopleModule } from './people.module.js';
export { PeopleService } from './people.service.js';
export { AdminPasswordLink } from './admin-password-link.entity.js';
export { PEOPLE_ENTITIES } from './tables.js';
