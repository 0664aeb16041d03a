/**
 * Every HTML character reference, named or numeric, decoded; only those ended by ';' (an escaped link's
 * '&copy=2' stays as written). Browsers get html-entities.browser.ts instead (package.json `browser`),
 * which asks the page's own parser rather than carrying this table of 2,000 names (19 KB gzip).
 */
export { decodeHTMLStrict as decodeHtmlEntities } from 'entities/decode';
