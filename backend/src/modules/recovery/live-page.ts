import { decodeEntities, type Article as ArticleDto } from '@ai-mind/contracts';

const FETCH_TIMEOUT_MS = 10_000;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

interface ArticleJsonLd {
  '@type'?: string | string[];
  headline?: string;
  description?: string;
  articleBody?: string;
  articleSection?: string;
  image?: string | string[];
  datePublished?: string;
  dateModified?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

function isArticle(data: unknown): data is ArticleJsonLd {
  if (!data || typeof data !== 'object') return false;
  const type = (data as ArticleJsonLd)['@type'];
  return [type].flat().some((t) => typeof t === 'string' && /Article|BlogPosting/.test(t));
}

function metaContent(html: string, key: string): string | null {
  const tag = new RegExp(`<meta[^>]+(?:property|name)=["']${key}["'][^>]*>`, 'i').exec(html)?.[0];
  const content = tag && /content=["']([^"']*)["']/i.exec(tag)?.[1];
  return content ? decodeEntities(content) : null;
}

export class ForeignOriginError extends Error {}

/**
 * What the article's public page (for example still in a CDN cache) says about it: its structured
 * data, else its social tags. The page carries a description rather than the whole text, so the
 * article comes back as a draft for an editor to complete. Null when the page has no article.
 * Only a page of the site itself is fetched: a URL on any other origin than `siteOrigin` (the
 * configured PUBLIC_URL) is refused before any request, and so is a redirect.
 */
export async function fetchLivePageArticle(url: string, slug: string, siteOrigin: string): Promise<Omit<ArticleDto, 'id'> | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ForeignOriginError(`Not a URL: ${url}`);
  }
  if (target.origin !== new URL(siteOrigin).origin) throw new ForeignOriginError(`${target.origin} is not the site's origin (${siteOrigin})`);
  const response = await fetch(target, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'text/html' }, redirect: 'error' });
  if (!response.ok) return null;
  const html = (await response.text()).slice(0, MAX_PAGE_BYTES);
  let data: ArticleJsonLd | null = null;
  for (const match of html.matchAll(/<script[^>]+type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      const parsed: unknown = JSON.parse(match[1]!);
      data = [parsed].flat().find(isArticle) ?? data;
    } catch {
      // Not JSON: look at the next block.
    }
  }
  const title = data?.headline ?? metaContent(html, 'og:title');
  if (!title) return null;
  const body = data?.articleBody ?? data?.description ?? metaContent(html, 'og:description') ?? metaContent(html, 'description') ?? '';
  const image = [data?.image ?? metaContent(html, 'og:image')].flat()[0] ?? null;
  const createdAt =
    data?.datePublished && !Number.isNaN(Date.parse(data.datePublished)) ? new Date(data.datePublished).toISOString() : new Date().toISOString();
  return {
    title: title.slice(0, 300),
    slug,
    content: `<p>${escapeHtml(body)}</p>`,
    category: data?.articleSection ?? 'Uncategorized',
    imageUrl: image,
    sourceUrl: url,
    aiCommentary: null,
    likes: 0,
    shares: 0,
    comments: 0,
    createdAt,
    updatedAt: new Date().toISOString(),
    approved: false,
    isApproved: false,
    metaTitle: null,
    metaDescription: null,
    corrections: [],
  };
}
