/**
 * Turns the body's reference markers (`[1]`, `[2, 3]` in its text, as the writer was told to cite its
 * numbered sources) into links to the page's list of sources (`#source-<n>`). Only numbers of sources
 * the article has are linked; markup is left alone (only text between tags is read). The body is
 * sanitized before this, and what it adds is fixed markup.
 */
export function linkReferenceMarkers(html: string, sourceNumbers: ReadonlySet<number>): string {
  if (sourceNumbers.size === 0) return html;
  return html.replace(
    /(^|>)([^<]*)/g,
    (_whole, start: string, text: string) =>
      start +
      text.replace(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g, (marker, list: string) => {
        const numbers = list.split(',').map((n) => Number(n.trim()));
        if (!numbers.every((n) => sourceNumbers.has(n))) return marker;
        return `<sup class="source-ref">[${numbers.map((n) => `<a href="#source-${n}" aria-label="Source ${n}">${n}</a>`).join(', ')}]</sup>`;
      }),
  );
}
