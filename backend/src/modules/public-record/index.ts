// The public-record module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { PublicRecordModule } from './public-record.module.js';
