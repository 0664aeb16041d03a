import { categoryBadgeColor } from '@ai-mind/contracts';
import { DIGITAL_SOURCE_TYPE, escapeXml, provenanceXmp } from './provenance.js';

/** Background colours per badge colour name; a neutral slate for every other category. */
const PALETTE: Record<string, [string, string]> = {
  red: ['#7f1d1d', '#dc2626'],
  blue: ['#1e3a8a', '#2563eb'],
  grape: ['#581c87', '#a21caf'],
  green: ['#14532d', '#16a34a'],
  orange: ['#7c2d12', '#ea580c'],
  gray: ['#1f2937', '#475569'],
};

/** Breaks a title into lines of at most `width` characters, at most `maxLines` lines. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/\s+\S*$/, '')}…`;
  }
  return lines;
}

/**
 * A 1200 x 630 cover (the social-preview size) in the category's colours with the title set on it.
 * Its <metadata> carries the XMP that says a program drew it (algorithmicMedia, see provenance.ts), so
 * the SVG files the demo seed and blog intake write say so too.
 */
export function renderCoverSvg(title: string, category: string): string {
  const [from, to] = PALETTE[categoryBadgeColor(category)] ?? PALETTE.gray!;
  const lines = wrap(title, 30, 4);
  const text = lines.map((line, i) => `<text x="80" y="${260 + i * 72}" font-size="58" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="Inter, Helvetica, Arial, sans-serif">
<metadata>${provenanceXmp(DIGITAL_SOURCE_TYPE.algorithmicMedia, { title })}</metadata>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="1050" cy="120" r="220" fill="#ffffff" fill-opacity="0.07"/>
<circle cx="980" cy="560" r="140" fill="#ffffff" fill-opacity="0.05"/>
<text x="80" y="150" font-size="30" letter-spacing="4" fill="#ffffff" fill-opacity="0.85">${escapeXml(category.toUpperCase())}</text>
${text}
<text x="80" y="580" font-size="26" fill="#ffffff" fill-opacity="0.75">The AI Mind</text>
</svg>`;
}
