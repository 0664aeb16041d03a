// The web module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { registerMedia, registerWebAssets, type PageRenderer } from './web-assets.js';
