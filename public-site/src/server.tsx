/**
 * The public site's server entry: renders a public URL from the site's own components (the same tree
 * PublicRoot hydrates in the browser), with the page's data loaded under the same query keys the pages
 * use, each read by the API's own services (options.read) rather than by a request to the API: the
 * render runs inside the API process. Built for Node by rsbuild.server.config.ts into dist-server/;
 * the API loads it at run time.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import {
  ARTICLE_IMAGE_SIZES,
  CARD_IMAGE_SIZES,
  articleImageSrcSet,
  newsroomKeyOfPath,
  notFoundMeta,
  publicRouteStatus,
  type PageMeta,
  type PublicPageId,
  type PublicPageReads,
  type PublicSiteServerEntry,
} from '@ai-mind/contracts/web';
import { createQueryClient } from '@ai-mind/ui';
import { matchPublicRoute, preloadPage } from './app/PublicApp';
import { PublicTree } from './app/PublicRoot';
import { ServerRender } from './app/server-context';
import { FALLBACK_IMAGE } from './features/articles/components/ArticleImage';
import { articleListQuery, articleQuery, correctionsQuery } from './features/articles/hooks/use-articles';
import { commentsQuery } from './features/comments/hooks/use-comments';
import { newsroomPageQuery } from './features/newsroom/hooks/use-newsroom';
import { articleStoryQuery, storyQuery } from './features/stories/hooks/use-stories';

/**
 * Loads what the route's page shows under the page's own query options (their keys, so the client
 * hydrates them), each answered by `read`; says whether its item exists.
 */
async function loadPageData(
  client: QueryClient,
  read: PublicPageReads,
  page: PublicPageId,
  params: Record<string, string | undefined>,
  query: URLSearchParams,
  imageMissing: (src: string) => boolean,
  pathname: string,
) {
  const shown = (src: string | null | undefined) => (src && !imageMissing(src) ? src : FALLBACK_IMAGE);
  const search = query.get('search')?.trim() || undefined;
  if (page === 'article') {
    const slug = params.slug ?? '';
    const article = await client.fetchQuery({ ...articleQuery(slug), queryFn: () => read.articleBySlug(slug) });
    if (article) {
      // The comments are part of the page. Should they fail to load, they are left to the client
      // (the server renders them loading, as the client's first render will: no mismatch).
      const comments = commentsQuery(article.id);
      await client.prefetchQuery({ ...comments, queryFn: () => read.comments(article.id) });
      if (client.getQueryState(comments.queryKey)?.status === 'error') client.removeQueries({ queryKey: comments.queryKey });
      // The story the article is in ("This story has N updates"), part of the page.
      await client.fetchQuery({ ...articleStoryQuery(article.id), queryFn: () => read.articleStory(article.id) });
    }
    return { found: article !== null, heroImage: article ? { href: shown(article.imageUrl), sizes: ARTICLE_IMAGE_SIZES } : null };
  }
  if (page === 'home' || page === 'category') {
    const category = params.category?.trim() || undefined;
    // A search's results are rendered too (the header's search form works without JavaScript); the
    // API answers the search from its cache, the page is rendered per request (never cached).
    const searching = page === 'home' && search !== undefined;
    const filter = searching ? { search } : { category };
    const list = await client.fetchInfiniteQuery({
      ...articleListQuery(filter, searching ? null : query.get('cursor') || null),
      queryFn: ({ pageParam }) => read.articlePage(filter, pageParam),
    });
    const firstPage = list.pages[0];
    const first = firstPage?.items[0];
    return { found: !firstPage?.missing, heroImage: first ? { href: shown(first.imageUrl), sizes: CARD_IMAGE_SIZES } : null };
  }
  if (page === 'story') {
    const slug = params.slug ?? '';
    const story = await client.fetchQuery({ ...storyQuery(slug), queryFn: () => read.storyBySlug(slug) });
    return { found: story !== null, heroImage: null };
  }
  if (page === 'corrections') await client.fetchQuery({ ...correctionsQuery(), queryFn: () => read.corrections() });
  if (page === 'newsroom') {
    const key = newsroomKeyOfPath(pathname);
    if (key) await client.fetchQuery({ ...newsroomPageQuery(key), queryFn: () => read.newsroomPage(key) });
  }
  return { found: true, heroImage: null };
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The API loads this module as a PublicSiteServerEntry (@ai-mind/contracts), run in Node. */
type ServerEntry = PublicSiteServerEntry;

/** Renders `url` (path and query) whole: every Suspense boundary resolved, ready to cache. */
export const render: ServerEntry['render'] = async (url, options) => {
  const location = new URL(url, 'http://server.invalid');
  const { route, params } = matchPublicRoute(location.pathname);
  const client = createQueryClient();
  // The missing images the page rendered, for the client's first render to show the same fallback.
  const missingImages = new Set<string>();
  const imageMissing = (src: string) => {
    const missing = options.imageMissing?.(src) ?? false;
    if (missing) missingImages.add(src);
    return missing;
  };
  const [data] = await Promise.all([
    loadPageData(client, options.read, route.page, params, location.searchParams, imageMissing, location.pathname),
    preloadPage(location.pathname),
  ]);
  const flash = options.flash ?? null;

  const collected: { meta?: PageMeta } = {};
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={`${location.pathname}${location.search}`}>{children}</StaticRouter>;
  const tree = (
    <ServerRender.Provider value={{ origin: options.origin, onMeta: (meta) => (collected.meta = meta) }}>
      <PublicTree router={Router} queryClient={client} pageState={{ flash, imageMissing }} />
    </ServerRender.Provider>
  );
  const { prelude } = await prerenderToNodeStream(tree, {
    // Never split a large boundary into a later segment: that takes an inline script, which the CSP
    // forbids, and the cached page is sent whole anyway.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      throw error;
    },
  });
  const html = await streamToString(prelude);
  const hero = data.heroImage ? { ...data.heroImage, srcset: articleImageSrcSet(data.heroImage.href) } : null;
  return {
    status: publicRouteStatus(route, data.found),
    page: route.page,
    html,
    meta: collected.meta ?? notFoundMeta(location.pathname),
    pageData: { queries: dehydrate(client), ...(flash ? { flash } : {}), ...(missingImages.size > 0 ? { missingImages: [...missingImages] } : {}) },
    heroImage: hero,
  };
};

/** The page of the route table that `pathname` opens (the API decides from it what to cache). */
export const routePage: ServerEntry['routePage'] = (pathname) => matchPublicRoute(pathname).route.page;
