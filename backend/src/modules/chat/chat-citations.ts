import { CHAT_SOURCE_TEXT_MAX, CHAT_SOURCES_MAX, type ArticleSource, type ChatSource } from '@ai-mind/contracts';

/** A reference marker as the article body spells it (`[2]`, `[1, 3]`), with the space before it. */
const MARKER = /\s?\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** The numbers a marker's list names, in its order. */
const numbersOf = (list: string) => list.split(',').map((n) => Number(n.trim()));

/**
 * The text without its reference markers: a passage of another article of the archive, whose `[n]` names
 * that article's sources. Left in, the answer would cite them under the numbers of the article in
 * discussion (or of none), which is a citation made up.
 */
export function withoutMarkers(text: string): string {
  return text.replace(MARKER, '');
}

/** What an answer may cite: the article's kept sources, by their own numbers, bounded (never a page's text). */
export function citableSources(sources: readonly ArticleSource[] | null): ChatSource[] {
  return (sources ?? [])
    .slice()
    .sort((a, b) => a.number - b.number)
    .slice(0, CHAT_SOURCES_MAX)
    .map((source) => ({
      number: source.number,
      outlet: source.outlet.slice(0, CHAT_SOURCE_TEXT_MAX),
      title: source.title.slice(0, CHAT_SOURCE_TEXT_MAX),
      // The link exactly as the article's own source list has it: nothing else is ever offered as one
      // (and only a web address: a feed's odd scheme is shown as no link, never made clickable here).
      link: source.link && /^https?:\/\//i.test(source.link) ? source.link : null,
    }));
}

/**
 * An answer cited like the article it is about: its markers keep only the numbers of the article's
 * sources (a number the article does not have is dropped, so no marker points nowhere or at a guess),
 * and the sources listed are those it cites, in number order; an answer that cites none but is about an
 * article with sources lists them all, as the article's page does under its body. Without sources (no
 * article, or one with none on record) the answer carries no marker and lists nothing.
 */
export function citeSources(text: string, sources: readonly ChatSource[]): { response: string; sources: ChatSource[] } {
  const known = new Map(sources.map((source) => [source.number, source]));
  const cited = new Set<number>();
  const response = text
    .replace(MARKER, (marker, list: string) => {
      const kept = [...new Set(numbersOf(list).filter((n) => known.has(n)))];
      if (kept.length === 0) return '';
      kept.forEach((n) => cited.add(n));
      return `${marker.startsWith('[') ? '' : ' '}[${kept.join(', ')}]`;
    })
    .trim();
  const listed = cited.size ? sources.filter((source) => cited.has(source.number)) : [...sources];
  return { response, sources: listed };
}
