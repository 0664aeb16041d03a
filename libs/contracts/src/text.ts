/** Spec section 9: card excerpts are the first 200 characters of the content without tags. */
export const EXCERPT_LENGTH = 200;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Turns &lt;h2&gt;-style escaped markup back into markup (the spec's content may arrive escaped). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
    if (code[0] === '#') {
      const point = code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : match;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? match;
  });
}

/** Inline elements sit inside words and sentences ('<b>sweet</b>.'), so they vanish without a space. */
const INLINE_TAG = /<\/?(?:a|abbr|b|cite|code|em|i|mark|q|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/** Plain text of an HTML fragment with whitespace collapsed. */
export function stripTags(html: string): string {
  return decodeEntities(decodeEntities(html).replace(INLINE_TAG, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of the text, with an ellipsis when there was more. */
export function truncate(text: string, length: number, ellipsis = '...'): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}${ellipsis}` : text;
}

/**
 * Cut to at most `length` characters at a word boundary, with the ellipsis only when something was cut:
 * a description that ends mid-word ('what the fu...') reads as a mistake in search results. A single
 * word longer than the limit is cut where it must be.
 */
export function truncateAtWord(text: string, length: number, ellipsis = '...'): string {
  if (text.length <= length) return text;
  const head = text.slice(0, length + 1);
  const boundary = head.search(/\s\S*$/);
  const cut = boundary > 0 ? head.slice(0, boundary) : text.slice(0, length);
  return `${cut.replace(/[\s,;:–—-]+$/u, '')}${ellipsis}`;
}

export function excerpt(html: string, length = EXCERPT_LENGTH): string {
  return truncate(stripTags(html), length);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * en-US dates in UTC, written out by hand: the first Intl.DateTimeFormat a page makes loads locale
 * data, which was the longest part of the task that first renders a page of cards.
 */
function formatDate(iso: string, month: 'short' | 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${iso}`);
  const name = MONTHS[date.getUTCMonth()]!;
  return `${month === 'short' ? name.slice(0, 3) : name} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Jan 5, 2024' (en-US), the spec's card date. */
export function formatShortDate(iso: string): string {
  return formatDate(iso, 'short');
}

/** 'January 5, 2024', the article page's long-form date. */
export function formatLongDate(iso: string): string {
  return formatDate(iso, 'long');
}

let countFormat: Intl.NumberFormat | undefined;

/** '1,234' (en-US), the counts on cards and articles; whole numbers without Intl, for the reason above. */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  return (countFormat ??= new Intl.NumberFormat('en-US')).format(value);
}

/** A URL slug of a title: lowercase ASCII words joined by hyphens, at most `maxLength` characters. */
export function slugify(title: string, maxLength = 80): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
