import { z } from 'zod';

/**
 * The one zod every schema here is built with. In a browser it runs without compiling parsers through
 * new Function: the site's Content-Security-Policy allows no eval, and zod's probe for it would be
 * reported as a violation on every page. The backend keeps the faster compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
