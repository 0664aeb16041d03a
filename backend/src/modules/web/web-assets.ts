import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { applyCacheable } from '../../common/cacheable.js';
import { matches, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, varyOf, type CacheableDeclaration } from '../../common/http-cache.js';
import { encodingFor, formsFor, prepare, type PreparedResponse } from '../../common/prepared-response-cache.js';
import type { CompressedForm } from '../../common/compression-pool.js';
import type { AppConfig } from '../../config/app-config.js';
import { publicPagePreloads } from './public-page-preloads.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MEDIA_CACHE = 'public, max-age=86400';
/** Article images: each regeneration writes new file names, so a name's bytes never change. */
const VERSIONED_MEDIA = /[/\\]articles[/\\]\d+[/\\]v[a-z0-9]+-\d+x\d+\.webp$/;

/**
 * The built frontends and where they are served: the shell's bundles under /static/ (its index.html
 * is the client-route fallback below), each remote under /remotes/. Every prefix is looked up per
 * request, so a rebuild's new hashed files are served without restarting the API.
 */
export const WEB_APPS = [
  { dir: 'shell/dist/static', prefix: '/static/' },
  { dir: 'public-site/dist', prefix: '/remotes/public/' },
  { dir: 'admin-app/dist', prefix: '/remotes/admin/' },
] as const;

const ADMIN_PATH = /^\/admin(?:\/|$)/;
const PUBLIC_SITE_PREFIX = WEB_APPS[1].prefix;

/** Paths that only ever name files; a miss there is a 404, never the shell's HTML. */
const ASSET_PREFIXES = ['/api/', '/remotes/', '/static/', '/media/'];

/** Bundler output under static/ carries content hashes, so it may be cached forever; entry files may not. */
function setHeaders(reply: FastifyReply, filePath: string, isRemote: boolean): void {
  const hashed = filePath.split(path.sep).includes('static');
  void reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
  // A remote's manifest and chunks are public JavaScript that a host on another origin may load.
  if (isRemote) void reply.header('access-control-allow-origin', '*');
}

function notFound(reply: FastifyReply, method: string, url: string) {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ error: 'Not Found', message: `Cannot ${method} ${url.split('?')[0]}` });
}

/**
 * The caching of the site's pages, declared on their route: each page says its own Cache-Control
 * (public only for a rendered 200 page) and whether it may be kept as a prepared response (a cached
 * render, while its content and the build are current); applyCacheable does the rest. They vary by
 * Accept: an article's address also answers its ActivityPub object (modules/fediverse).
 */
const PAGES_CACHING: CacheableDeclaration = { prepared: 'answer', vary: ['accept'] };

/** Distinct pages kept compressed in memory, by version: the hot pages, a few megabytes at most. */
const PREPARED_PAGES = 200;

/**
 * A page served from the render cache is the same text request after request (whatever tracking
 * parameters its URL carries), so it is assembled and compressed once per version: a URL nobody asked
 * for before costs no compression of a page already prepared.
 */
class PreparedPages {
  private readonly pages = new Map<string, PreparedResponse>();

  get(version: string, make: () => PreparedResponse): PreparedResponse {
    let page = this.pages.get(version);
    if (page) this.pages.delete(version);
    else page = make();
    // Once the compression thread has made the strongest forms, they are the page.
    page = page.better ?? page;
    this.pages.set(version, page);
    if (this.pages.size > PREPARED_PAGES) this.pages.delete(this.pages.keys().next().value!);
    return page;
  }
}

/**
 * A page's text prepared for sending, with its ETag: `best` for a page served until its content
 * changes (the strongest compression follows from the compression thread), `quick` in `forms` for
 * a page made for one request. A server-rendered public page is the same for every reader, so it
 * is public (a shared cache keeps it by the keys of what it shows); the shell alone is `no-cache`.
 */
function preparePage(html: string, cacheControl: string, compress: 'best' | 'quick', forms?: CompressedForm[]): PreparedResponse {
  const body = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return prepare(body, { contentType: 'text/html; charset=utf-8', cacheControl, etag, compress, forms });
}

/**
 * The shell's HTML and the links a public page takes from the built apps, read again only when a
 * build changes them (their files' times, looked at no more than once a second).
 */
class BuiltApps {
  private state: { checkedAt: number; stamp: string; shell: string; links: Map<boolean, Promise<string[]>> } | null = null;
  private checking: Promise<unknown> | null = null;

  constructor(
    private readonly shellIndex: string,
    private readonly distRoot: string,
  ) {}

  async current(): Promise<{ stamp: string; shell: string; links: (rendered: boolean) => Promise<string[]> }> {
    if (!this.state || Date.now() - this.state.checkedAt > 1000) {
      const files = [this.shellIndex, path.join(this.distRoot, 'shell/dist/mf-manifest.json'), path.join(this.distRoot, 'public-site/dist/mf-manifest.json')];
      const stamp = (
        await Promise.all(
          files.map((file) =>
            stat(file).then(
              (s) => `${s.mtimeMs}-${s.size}`,
              () => '-',
            ),
          ),
        )
      ).join(':');
      if (this.state?.stamp === stamp) this.state.checkedAt = Date.now();
      else this.state = { checkedAt: Date.now(), stamp, shell: await readFile(this.shellIndex, 'utf8'), links: new Map() };
    }
    const state = this.state;
    const links = (rendered: boolean) => {
      let found = state.links.get(rendered);
      if (!found) state.links.set(rendered, (found = publicPagePreloads(this.distRoot, PUBLIC_SITE_PREFIX, { rendered })));
      return found;
    };
    return { stamp: state.stamp, shell: state.shell, links };
  }

  /**
   * Whether `stamp` still names the build, without waiting: a look at the files is started when the
   * last is over a second old, so a rebuild ends prepared pages within about a second.
   */
  isCurrent(stamp: string): boolean {
    if (this.state && Date.now() - this.state.checkedAt > 1000 && !this.checking) {
      this.checking = this.current().finally(() => (this.checking = null));
    }
    return this.state?.stamp === stamp;
  }
}

/** The links placed at the end of the head, where the browser's preload scanner finds them at once. */
function withPreloads(html: string, links: string[]): string {
  const at = html.search(/<\/head>/i);
  return links.length === 0 || at === -1 ? html : `${html.slice(0, at)}${links.join('')}${html.slice(at)}`;
}

/**
 * Fills the shell's HTML in for one client route: the server-rendered page (`rendered`), its head
 * elements (title, description, social tags, structured data) and its status.
 */
export type PageRenderer = (request: FastifyRequest, html: string) => Promise<RenderedShell>;

export interface RenderedShell {
  status: number;
  html: string;
  rendered?: boolean;
  /** Names the page's whole text, when it came from the render cache. */
  version?: string;
  /** Whether the cached render is still the page (its content's cache generation holds). */
  isCurrent?: () => boolean;
  /** A page made for this request alone (it shows the outcome of the reader's form): no cache may keep it. */
  personal?: boolean;
  /** The surrogate keys of what the page shows (a server-rendered page). */
  keys?: string[];
}

/**
 * Serves the media folder under /media/ (whether or not the API serves the frontends): article images
 * are cached for a year, other files (demo covers, the default social image) for a day.
 */
export async function registerMedia(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  fs.mkdirSync(config.images.mediaDir, { recursive: true });
  await fastify.register(fastifyStatic, {
    root: config.images.mediaDir,
    prefix: '/media/',
    index: false,
    setHeaders: (reply, filePath) => void reply.header('cache-control', VERSIONED_MEDIA.test(filePath) ? IMMUTABLE : MEDIA_CACHE),
  });
}

/**
 * Serves the built shell and remotes, and the shell's HTML for every client route
 * (e.g. /article/x, /category/Technology, /admin), through `renderPage` when given. Unknown /api
 * paths answer with a JSON 404.
 */
export async function registerWebAssets(fastify: FastifyInstance, config: AppConfig, log: (message: string) => void, renderPage?: PageRenderer): Promise<void> {
  const shellIndex = path.join(config.web.distRoot, 'shell/dist/index.html');
  const preparedPages = new PreparedPages();
  const builtApps = new BuiltApps(shellIndex, config.web.distRoot);
  for (const app of WEB_APPS) {
    const root = path.join(config.web.distRoot, app.dir);
    if (!fs.existsSync(root)) {
      log(`Web assets not found at ${root}; build the frontends to serve them.`);
      continue;
    }
    await fastify.register(fastifyStatic, {
      root,
      prefix: app.prefix,
      decorateReply: false,
      index: false,
      // The builds write .br and .gz beside each text file (module-federation.shared.js).
      preCompressed: true,
      setHeaders: (res, filePath) => setHeaders(res, filePath, app.prefix.startsWith('/remotes/')),
    });
  }

  // The shell's icon; browsers also ask for /favicon.ico by habit (feed readers, old bookmarks).
  const favicon = path.join(config.web.distRoot, 'shell/dist/favicon.svg');
  const sendFavicon = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fs.existsSync(favicon)) return notFound(reply, request.method, request.url);
    return reply
      .type('image/svg+xml')
      .header('cache-control', MEDIA_CACHE)
      .send(await readFile(favicon));
  };
  fastify.get('/favicon.svg', sendFavicon);
  fastify.get('/favicon.ico', sendFavicon);

  fastify.get('/*', { config: { cacheable: PAGES_CACHING } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (ASSET_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || !fs.existsSync(shellIndex)) {
      return notFound(reply, request.method, request.url);
    }
    // Checked per request: a rebuild of the apps while the API runs is picked up at once.
    const build = await builtApps.current();
    const page = renderPage ? await renderPage(request, build.shell) : { status: 200, html: build.shell };
    const isAdmin = ADMIN_PATH.test(pathname);
    const links = isAdmin ? [] : await build.links(Boolean(page.rendered));
    const ok = page.status === 200;
    const html = () => (isAdmin ? page.html : withPreloads(page.html, links));
    // The admin app's shell and a reader's own outcome are nobody else's; a rendered public page is everyone's.
    const cacheControl = isAdmin || page.personal ? PRIVATE_CACHE_CONTROL : ok && page.rendered ? PUBLIC_CACHE_CONTROL : 'no-cache';
    // A cached render's version and the build's stamp name the whole text: assembled, hashed and
    // compressed once, then kept as a prepared response until the content or the build changes.
    let prepared: PreparedResponse;
    let isCurrent: (() => boolean) | undefined;
    if (ok && page.version && page.isCurrent && !isAdmin && !page.personal) {
      const rendered = page.isCurrent;
      const stamp = build.stamp;
      prepared = preparedPages.get(`${page.version}:${stamp}`, () => preparePage(html(), cacheControl, 'best'));
      isCurrent = () => rendered() && builtApps.isCurrent(stamp);
    } else {
      prepared = preparePage(html(), cacheControl, 'quick', formsFor(request));
    }
    void reply.status(page.status);
    applyCacheable(request, reply, { response: prepared, keys: page.keys, isCurrent });
    void reply.header('vary', varyOf(request.routeOptions.config));
    if (ok && matches(request.headers['if-none-match'], prepared.etag)) return reply.status(304).send();
    const encoding = encodingFor(request, prepared);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? prepared.br : encoding === 'gzip' ? prepared.gzip : prepared.body);
  });
}
