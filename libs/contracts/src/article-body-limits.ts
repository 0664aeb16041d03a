// An article body's limits, without zod: the save and intake schemas check them, and the admin editor shows them.
import { decodeEntities } from './text.js';

/**
 * The most characters of HTML an article body may have: twice a 15,000-word long read with its
 * markup, and what the automation intake has always taken. Every body is sanitized and checked
 * against its sources on each save, so the limit is also what one save can cost.
 */
export const ARTICLE_CONTENT_MAX_LENGTH = 200_000;

/**
 * How deeply an article body's elements may nest. The editor's deepest markup (a link in bold in a
 * list item of a list in a quote, three lists down) is about a dozen; a body nested thousands deep
 * only makes the sanitizer and the claim check slow.
 */
export const ARTICLE_CONTENT_MAX_DEPTH = 32;

export const ARTICLE_CONTENT_TOO_LONG_MESSAGE = `must be at most ${ARTICLE_CONTENT_MAX_LENGTH.toLocaleString('en')} characters`;
export const ARTICLE_CONTENT_TOO_DEEP_MESSAGE = `must not nest elements more than ${ARTICLE_CONTENT_MAX_DEPTH} deep`;

/** Elements that never hold others. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const CLOSES_P = ['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form'];
/** An element that ends the open ones it names, as the HTML parser the sanitizer uses does (`<p>a<p>b` is two paragraphs, not one in another). */
const OPENING_CLOSES = new Map<string, Set<string>>([
  ['p', new Set(['p'])],
  ['li', new Set(['li'])],
  ['a', new Set(['a'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['option', new Set(['option'])],
  ...HEADINGS.map((tag): [string, Set<string>] => [tag, new Set([...HEADINGS, 'p'])]),
  ...[...CLOSES_P, 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map((tag): [string, Set<string>] => [tag, new Set(['p'])]),
]);

const isSpace = (char: string) => char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';
const isLetter = (char: string) => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z');

/**
 * How deeply the elements of `html` nest, or `max + 1` as soon as they nest deeper than `max`. Read in
 * one pass as an HTML parser reads tags: attribute values in quotes, comments, end tags that close
 * every element opened inside the one they name, elements that end an open paragraph or list item.
 * Where it parts from a parser it counts deeper, never shallower (text of a script counts as markup,
 * `<b/>` opens a b). It runs on the event loop for every body sent, so it never backtracks and never
 * keeps more than `max + 1` open elements: linear in the length.
 */
export function htmlNestingDepth(html: string, max: number): number {
  const open: string[] = [];
  let deepest = 0;
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    const closing = html[lt + 1] === '/';
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!isLetter(html[nameStart] ?? '')) {
      // `<!doctype>`, `<?x>` and `</ >` are bogus comments up to the next `>`; a lone `<` is text.
      at = html[lt + 1] === '!' || html[lt + 1] === '?' || closing ? skipTo(html, '>', lt + 1) : lt + 1;
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < html.length && !isSpace(html[nameEnd]!) && html[nameEnd] !== '/' && html[nameEnd] !== '>') nameEnd++;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    at = endOfTag(html, nameEnd);
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index !== -1) open.length = index;
      continue;
    }
    const ends = OPENING_CLOSES.get(name);
    while (ends && open.length > 0 && ends.has(open.at(-1)!)) open.pop();
    if (VOID_ELEMENTS.has(name)) continue;
    open.push(name);
    deepest = Math.max(deepest, open.length);
    if (deepest > max) break;
  }
  return deepest;
}

/** Whether an article body nests no deeper than ARTICLE_CONTENT_MAX_DEPTH, as sent and once its entities are decoded (as pages show it). */
export function articleNestingAllowed(html: string): boolean {
  return (
    htmlNestingDepth(html, ARTICLE_CONTENT_MAX_DEPTH) <= ARTICLE_CONTENT_MAX_DEPTH &&
    htmlNestingDepth(decodeEntities(html), ARTICLE_CONTENT_MAX_DEPTH) <= ARTICLE_CONTENT_MAX_DEPTH
  );
}

function skipTo(html: string, char: string, from: number): number {
  const end = html.indexOf(char, from);
  return end === -1 ? html.length : end + 1;
}

/** Where a tag whose name ends at `from` ends: after its `>`, stepping over quoted attribute values (a quote opens one only after `=`). */
function endOfTag(html: string, from: number): number {
  let at = from;
  while (at < html.length) {
    const char = html[at]!;
    if (char === '>') return at + 1;
    if (char === '=') {
      at++;
      while (at < html.length && isSpace(html[at]!)) at++;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        at = skipTo(html, quote, at + 1);
        continue;
      }
      continue;
    }
    at++;
  }
  return html.length;
}
