import { Article, Image, Link, PUBLIC_COLLECTION, Tombstone } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { absoluteUrl, articleCanonicalPath, stripTags, type PublicArticle } from '@ai-mind/contracts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The article's ActivityPub id: its page's canonical URL, which answers application/activity+json. */
export function articleObjectId(article: Pick<PublicArticle, 'category' | 'slug'>, origin: string): URL {
  return new URL(absoluteUrl(articleCanonicalPath(article), origin));
}

/** The summary as the page's description says it: the editor's, else the start of the body as text. */
function summaryOf(article: PublicArticle): string {
  if (article.metaDescription) return article.metaDescription;
  const text = stripTags(article.content);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/**
 * The HTML a fediverse client shows for the article: its summary, the AI disclosure as the page states
 * it, the sources the page lists (outlet, title, link), and the link to read it on the site. Every
 * value is escaped: it is the site's own text, but remote clients render it.
 */
function contentOf(article: PublicArticle, url: URL): string {
  const parts = [`<p>${escapeHtml(summaryOf(article))}</p>`, `<p>${escapeHtml(article.provenance.grade.label)}</p>`];
  const sources = article.provenance.sources ?? [];
  if (sources.length > 0) {
    const items = sources.map((source) => {
      const title = `${escapeHtml(source.outlet)}: ${escapeHtml(source.title)}`;
      return `<li>${source.link ? `<a href="${escapeHtml(source.link)}" rel="nofollow noopener">${title}</a>` : title}</li>`;
    });
    parts.push(`<p>Sources:</p><ul>${items.join('')}</ul>`);
  }
  parts.push(`<p><a href="${escapeHtml(url.href)}">Read the article on the site</a></p>`);
  return parts.join('');
}

/** The Article object of a published article, as its page states it (title, summary, link, image, disclosure, sources). */
export function articleObject(article: PublicArticle, origin: string, actor: URL, followers: URL): Article {
  const id = articleObjectId(article, origin);
  const sources = (article.provenance.sources ?? []).filter((source) => source.link);
  return new Article({
    id,
    url: id,
    attribution: actor,
    name: article.title,
    summary: summaryOf(article),
    content: contentOf(article, id),
    image: article.imageUrl ? new Image({ url: new URL(absoluteUrl(article.imageUrl, origin)) }) : null,
    published: Temporal.Instant.from(article.provenance.publishedAt ?? article.createdAt),
    updated: Temporal.Instant.from(article.updatedAt),
    to: PUBLIC_COLLECTION,
    cc: followers,
    attachments: sources.map((source) => new Link({ href: new URL(source.link!), name: `${source.outlet}: ${source.title}`, mediaType: 'text/html' })),
  });
}

/** What a deleted article's id answers in a Delete: a Tombstone (the page is gone). */
export function articleTombstone(id: URL): Tombstone {
  return new Tombstone({ id, deleted: Temporal.Now.instant() });
}
