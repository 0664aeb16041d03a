import { parseHTML } from 'linkedom';
import type { ArticleClaim, PublicArticleSource, PublicClaim } from '@ai-mind/contracts';
import { splitSentences } from '../../common/sentences.js';
import { linkReferenceMarkers, REFERENCE_MARKER_LIST } from './reference-markers.js';

/** The blocks whose text the claim check splits into sentences (as `factualSentences` in the provenance module reads a body). */
const BLOCKS = 'p, li, blockquote, h1, h2, h3, h4, h5, h6, figcaption, pre';

/** The note of the publish or schedule step that overrode a claim's flags, by the step's time (ISO). */
export type OverrideNotes = ReadonlyMap<string, string | null>;

/**
 * For each reference marker of the body, in document order, the claim whose sentence it sits in (or
 * null: a heading, a question, the commentary, a sentence the last check did not read). The body is
 * read as the claim check reads it: each innermost block's text, whitespace collapsed, split into
 * sentences alike; a marker belongs to the sentence its place in that text falls in, and a sentence
 * to the first claim not yet taken with exactly its text.
 */
export function markerOwners(html: string, claims: readonly ArticleClaim[]): (ArticleClaim | null)[] {
  const bySentence = new Map<string, ArticleClaim[]>();
  for (const claim of [...claims].sort((a, b) => a.position - b.position)) {
    const same = bySentence.get(claim.sentence) ?? [];
    same.push(claim);
    bySentence.set(claim.sentence, same);
  }
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const owners: (ArticleClaim | null)[] = [];
  /** Per block, the claim taken for each of its sentences (a sentence with two markers is one claim). */
  const taken = new Map<unknown, Map<number, ArticleClaim | null>>();
  const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const markers = [...text.matchAll(REFERENCE_MARKER_LIST)];
    if (markers.length === 0) continue;
    const block = innermostBlock(node);
    for (const marker of markers) {
      if (!block) {
        owners.push(null);
        continue;
      }
      const index = sentenceIndexOf(block, node, marker.index);
      let claimsOfBlock = taken.get(block);
      if (!claimsOfBlock) taken.set(block, (claimsOfBlock = new Map()));
      if (!claimsOfBlock.has(index.at)) claimsOfBlock.set(index.at, index.sentence === null ? null : (bySentence.get(index.sentence)?.shift() ?? null));
      owners.push(claimsOfBlock.get(index.at)!);
    }
  }
  return owners;
}

interface DomNode {
  parentNode: DomNode | null;
  nodeType: number;
  textContent: string | null;
  matches?: (selector: string) => boolean;
  querySelector?: (selector: string) => unknown;
}

/** The innermost block (one with no block inside it) around a text node, as the claim check picks them. */
function innermostBlock(node: DomNode): DomNode | null {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    if (parent.nodeType === 1 && parent.matches?.(BLOCKS)) return parent.querySelector?.(BLOCKS) ? null : parent;
  }
  return null;
}

/** Which of the block's sentences the text at `offset` of `node` falls in: its index, and its text. */
function sentenceIndexOf(block: DomNode, node: DomNode, offset: number): { at: number; sentence: string | null } {
  // The block's text before the marker, as text nodes in document order.
  let before = '';
  const walk = (current: DomNode & { childNodes?: ArrayLike<DomNode> }): boolean => {
    if (current === node) {
      before += (current.textContent ?? '').slice(0, offset);
      return true;
    }
    if (current.nodeType === 3) {
      before += current.textContent ?? '';
      return false;
    }
    for (const child of Array.from(current.childNodes ?? [])) if (walk(child)) return true;
    return false;
  };
  walk(block);
  const whole = (block.textContent ?? '').replace(/\s+/g, ' ').trim();
  const at = before.replace(/\s+/g, ' ').trimStart().length;
  let cursor = 0;
  const sentences = splitSentences(whole);
  for (const [index, sentence] of sentences.entries()) {
    const start = whole.indexOf(sentence, cursor);
    if (start < 0) break;
    cursor = start + sentence.length;
    if (at < cursor) return { at: index, sentence };
  }
  return { at: -1, sentence: null };
}

/**
 * The body as readers get it and its claims' notes: each reference marker of a checked sentence links
 * to the sentence's note (the passage of the source that supports it, the outlet and the link), the
 * others to the list of sources as before. Listed: the cited sentences, and those whose flags an editor
 * published over (said so, with the note of that step). Only public data: one sentence of a source,
 * never its kept text. When the markup and the parsed body disagree on the markers (markup in an
 * attribute), no marker is tied to a claim rather than the wrong one.
 */
export function citeClaims(
  html: string,
  sources: readonly PublicArticleSource[] | null,
  claims: readonly ArticleClaim[] | null,
  notes: OverrideNotes,
): { content: string; claims: PublicClaim[] } {
  const sourceNumbers = new Set((sources ?? []).map((source) => source.number));
  if (!claims?.length) return { content: linkReferenceMarkers(html, sourceNumbers), claims: [] };
  let owners = markerOwners(html, claims);
  if (countMarkers(html) !== owners.length) owners = [];
  const cited = new Set(owners.filter((owner) => owner !== null).map((owner) => owner.id));
  const overridden = (claim: ArticleClaim) => claim.overriddenBy !== null && claim.overriddenAt !== null;
  const content = linkReferenceMarkers(html, sourceNumbers, (index) => {
    const owner = owners[index];
    return owner ? { id: owner.id, overridden: overridden(owner) } : null;
  });
  const byNumber = new Map((sources ?? []).map((source) => [source.number, source]));
  const listed = [...claims]
    .sort((a, b) => a.position - b.position)
    .filter((claim) => cited.has(claim.id) || overridden(claim))
    .map((claim): PublicClaim => {
      const source = claim.sourceNumber === null ? undefined : byNumber.get(claim.sourceNumber);
      return {
        id: claim.id,
        position: claim.position,
        sentence: claim.sentence,
        sourceNumber: claim.sourceNumber,
        passage: claim.passage,
        outlet: source?.outlet ?? null,
        sourceTitle: source?.title ?? null,
        link: source?.link ?? null,
        flags: claim.flags,
        cited: cited.has(claim.id),
        override: overridden(claim)
          ? { by: claim.overriddenBy!, at: claim.overriddenAt!, note: notes.get(new Date(claim.overriddenAt!).toISOString()) ?? null }
          : null,
      };
    });
  return { content, claims: listed };
}

/** The reference markers in the text between the markup's tags, as linkReferenceMarkers reads them. */
function countMarkers(html: string): number {
  let count = 0;
  for (const [, , text] of html.matchAll(/(^|>)([^<]*)/g)) count += [...(text ?? '').matchAll(REFERENCE_MARKER_LIST)].length;
  return count;
}
