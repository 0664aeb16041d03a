// The chat module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { ChatModule } from './chat.module.js';
