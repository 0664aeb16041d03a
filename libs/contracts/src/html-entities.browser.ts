/**
 * html-entities.ts for browsers: the same decoding, by the page's HTML parser. A textarea's content is
 * text (no element is made from it), so each reference becomes its character and nothing else runs.
 * Only references ended by ';' are handed to it, as on the server, so both render the same text.
 */
declare const document: { createElement(tag: 'textarea'): { innerHTML: string; value: string } };

let textarea: { innerHTML: string; value: string } | undefined;

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (reference) => {
    textarea ??= document.createElement('textarea');
    textarea.innerHTML = reference;
    return textarea.value;
  });
}
