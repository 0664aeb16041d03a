import { decodeHtmlEntities } from './html-entities.js';

/** docs/product.md#limits: card excerpts are the first 200 characters of the content without tags. */
export const EXCERPT_LENGTH = 200;

/**
 * Turns &lt;h2&gt;-style escaped markup back into markup (the spec's content may arrive escaped), and
 * every other HTML character reference (&rsquo;, &eacute;, &#8212;) into its character.
 */
export function decodeEntities(text: string): string {
  return decodeHtmlEntities(text);
}

/** Inline elements sit inside words and sentences ('<b>sweet</b>.'), so they vanish without a space. */
const INLINE_TAG = /<\/?(?:a|abbr|b|cite|code|em|i|mark|q|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/** Plain text of an HTML fragment with whitespace collapsed. */
export function stripTags(html: string): string {
  return decodeEntities(
    decodeEntities(html)
      .replace(INLINE_TAG, '')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first `length` characters of the text, with an ellipsis when there was more (docs/product.md#validation and
 * 9). Whitespace before the ellipsis is dropped, never a character of a word.
 */
export function truncate(text: string, length: number, ellipsis = '...'): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}${ellipsis}` : text;
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
