import type {
  AnalysisNewsArticleLeaf,
  CorrectionCommentLeaf,
  CreativeWorkLeaf,
  JsonLdObject,
  NewsArticleLeaf,
  NewsMediaOrganizationLeaf,
  SearchAction,
  WebSiteLeaf,
  WithActionConstraints,
  WithContext,
} from 'schema-dts';
import { articleLabel } from './article-label.js';
import type { Article } from './articles.js';
import { textDigitalSourceType } from './digital-source-type.js';
import type { AiGrade } from './disclosure.js';
import { NEWSROOM_PAGES } from './newsroom-pages.js';
import type { PublicArticleSource } from './provenance.js';
import type { PublicProvenance } from './public-record.js';
import { CORRECTION_KIND_LABELS } from './public-record.constants.js';
import { categoryDisplayName, categorySlug } from './categories.js';
import { ACTIVITY_JSON, FEDIVERSE_ACTOR_PATH } from './fediverse.constants.js';
import { stripTags, truncate } from './text.js';
import { gradedDescription } from './grade-text.js';

/**
 * Page metadata (docs/product.md #pages and #validation), built once here and used twice: the server writes it into
 * the HTML it sends (crawlers and link-preview bots run no JavaScript), and the public site applies it
 * to the document on every client-side route change.
 */
export const SITE_NAME = 'The AI Mind';
export const SITE_DESCRIPTION =
  'The AI Mind publishes AI-written analysis and commentary on business, politics, culture, technology and economics, with a sarcastic but friendly AI persona.';
/** Shown by link previews when an article has no image of its own. */
export const DEFAULT_SOCIAL_IMAGE_PATH = '/media/og-default.svg';

/** Meta description length; the social (second) description is 155 (docs/product.md#validation). */
export const META_DESCRIPTION_LENGTH = 160;
export const SOCIAL_DESCRIPTION_LENGTH = 155;
export const STRUCTURED_DATA_DESCRIPTION_LENGTH = 160;

export type JsonLd = Record<string, unknown>;

/**
 * A JSON-LD document typed with schema-dts (Google's schema.org typings: a misspelt property or a type
 * or enumeration member schema.org does not define does not compile), handed on as the plain object
 * the page's head and the admin's preview carry. schema-dts types are interfaces, which TypeScript
 * does not let stand for an index-signature record without this one cast.
 */
function jsonLd<T extends JsonLdObject>(document: WithContext<T>): JsonLd {
  return document as unknown as JsonLd;
}

/** The site's icon, the only logo it has. */
const SITE_LOGO_PATH = '/favicon.svg';

/**
 * The newsroom as schema.org describes a news publisher: its name, address and logo, and the pages
 * that publish its promises (NEWSROOM_PAGES). The home page carries it; every article names it as its
 * publisher, with the same `@id` so that a reader of both knows it is one organisation.
 */
export function newsMediaOrganization(origin: string): NewsMediaOrganizationLeaf {
  const page = (path: string) => absoluteUrl(path, origin);
  return {
    '@type': 'NewsMediaOrganization',
    '@id': page('/#organization'),
    name: SITE_NAME,
    url: page('/'),
    logo: page(SITE_LOGO_PATH),
    publishingPrinciples: page(NEWSROOM_PAGES.publishingPrinciples),
    correctionsPolicy: page(NEWSROOM_PAGES.correctionsPolicy),
    ethicsPolicy: page(NEWSROOM_PAGES.ethicsPolicy),
    masthead: page(NEWSROOM_PAGES.masthead),
    actionableFeedbackPolicy: page(NEWSROOM_PAGES.actionableFeedbackPolicy),
    verificationFactCheckingPolicy: page(NEWSROOM_PAGES.verificationFactCheckingPolicy),
    ownershipFundingInfo: page(NEWSROOM_PAGES.ownershipFunding),
  };
}

export interface PageMeta {
  title: string;
  description: string;
  /** og:description and twitter:description. */
  socialDescription: string;
  /** A path ('/technology/article/x'); made absolute with the site's origin when rendered. */
  canonicalPath: string;
  keywords: string | null;
  ogType: 'website' | 'article';
  /** A path or an absolute URL. */
  image: string;
  jsonLd: JsonLd[];
  /** False for pages that must stay out of search results (not found, search results). */
  index: boolean;
  /** The HTTP status the server answers the page with. */
  status: 200 | 404;
}

/** The automatic description: tags stripped, whitespace collapsed, the first `length` characters with '...' when longer. */
export function autoDescription(html: string, length = META_DESCRIPTION_LENGTH): string {
  return truncate(stripTags(html), length, '...');
}

/** Keywords: the title's words longer than 3 characters, without punctuation or repeats. */
export function keywordsFromTitle(title: string): string {
  const words = title
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 3);
  return [...new Set(words)].join(', ');
}

/** The canonical article URL path: the category lowercased with spaces turned to hyphens. */
export function articleCanonicalPath(article: Pick<Article, 'category' | 'slug'>): string {
  return `/${encodeURIComponent(categorySlug(article.category))}/article/${article.slug}`;
}

export function categoryCanonicalPath(category: string): string {
  return `/category/${encodeURIComponent(categorySlug(category))}`;
}

/** A path made absolute against the site's origin; absolute URLs stay as they are. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}

function page(meta: Pick<PageMeta, 'title' | 'description' | 'canonicalPath'> & Partial<PageMeta>): PageMeta {
  return {
    keywords: null,
    ogType: 'website',
    image: DEFAULT_SOCIAL_IMAGE_PATH,
    jsonLd: [],
    index: true,
    status: 200,
    socialDescription: truncate(meta.description, SOCIAL_DESCRIPTION_LENGTH, '...'),
    ...meta,
  };
}

/**
 * Home: a WebSite description with a search action (docs/product.md#pages), published by the newsroom,
 * and the newsroom itself as a NewsMediaOrganization naming its published promises.
 */
export function homeMeta(origin: string, search?: string): PageMeta {
  const title = search ? `Search results for "${search}" | ${SITE_NAME}` : `${SITE_NAME}: AI analysis and commentary on the news`;
  const organization = newsMediaOrganization(origin);
  // `query-input` is an action annotation (https://schema.org/docs/actions.html), typed by WithActionConstraints.
  const searchAction: WithActionConstraints<SearchAction & { '@type': 'SearchAction' }> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/', origin)}?search={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return page({
    title,
    description: SITE_DESCRIPTION,
    canonicalPath: '/',
    // Result pages of every possible term are not worth indexing; the home page itself is.
    index: !search,
    jsonLd: [
      jsonLd<WebSiteLeaf>({
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url: absoluteUrl('/', origin),
        description: SITE_DESCRIPTION,
        publisher: { '@id': organization['@id']! },
        potentialAction: searchAction,
      }),
      jsonLd<NewsMediaOrganizationLeaf>({ '@context': 'https://schema.org', ...organization }),
    ],
  });
}

/** A source as schema.org describes a work: its title, address, outlet and date, as far as they are known. */
function sourceWork(source: PublicArticleSource): CreativeWorkLeaf {
  // Set one by one rather than spread: TypeScript checks the names of assigned properties, not of spread ones.
  const work: CreativeWorkLeaf = { '@type': 'CreativeWork' };
  if (source.link) work.url = source.link;
  if (source.title) work.name = source.title;
  if (source.outlet) work.publisher = { '@type': 'Organization', name: source.outlet };
  if (source.publishedAt) work.datePublished = source.publishedAt;
  return work;
}

/** An article with the public side of its record (how it was made, its grade), when the caller has it. */
type WithRecord = { provenance?: PublicProvenance };

/**
 * The news subtype that fits: `AnalysisNewsArticle` for the AI's analysis, which is every article but
 * a person's (an AI draft published as written, reviewed, or rewritten with AI help, and text of
 * unrecorded origin, which the site treats as the AI's as its grade does, never withholding the
 * disclosure for want of a record); `NewsArticle` for an article a person wrote (grade `human`).
 */
export function articleJsonLdType(grade: AiGrade | undefined): 'AnalysisNewsArticle' | 'NewsArticle' {
  return grade === 'human' ? 'NewsArticle' : 'AnalysisNewsArticle';
}

/**
 * How the article was made, in a sentence: its grade's label and the line the page carries
 * (articleLabel); a single-source approval adds the editor's note saying why it was written anyway.
 */
export function articleBackstory(provenance: PublicProvenance): string {
  const line = articleLabel(provenance);
  const single = provenance.grade.singleSource;
  const why = single ? ` It was approved as single-source; the editor's note: "${single.note}"` : '';
  return `${provenance.grade.label}: ${line.charAt(0).toLowerCase()}${line.slice(1)}.${why}`;
}

type ArticleJsonLd = Omit<NewsArticleLeaf, '@type'>;

/**
 * What the article's record adds to its structured data: how it was made (its digital source type and
 * backstory), its sources, its reviewing editor, its notes.
 */
function provenanceJsonLd(article: Pick<Article, 'corrections'> & WithRecord): ArticleJsonLd {
  const data: ArticleJsonLd = {};
  const provenance = article.provenance;
  if (provenance) {
    data.digitalSourceType = textDigitalSourceType(provenance.grade.grade, provenance.editedShare);
    data.backstory = articleBackstory(provenance);
  }
  const sources = provenance?.sources ?? [];
  if (sources.length > 0) {
    data.isBasedOn = sources.map(sourceWork);
    data.citation = sources.map(sourceWork);
  }
  if (provenance?.reviewedBy) data.editor = { '@type': 'Person', name: provenance.reviewedBy };
  if (article.corrections?.length) {
    data.correction = article.corrections.map((note): CorrectionCommentLeaf => ({
      '@type': 'CorrectionComment',
      name: CORRECTION_KIND_LABELS[note.kind],
      text: note.text,
      datePublished: note.createdAt,
    }));
  }
  return data;
}

/**
 * An article's page: its own title and description, news-article structured data (the subtype of
 * articleJsonLdType) with how it was made (its IPTC digital source type, its backstory, its sources as
 * `isBasedOn` and `citation`, the editor who published it), its `correction` notes, the publishing
 * principles it was made under, and the newsroom as its publisher.
 */
export function articleMeta(article: Article & WithRecord, origin: string): PageMeta {
  const plain = article.metaDescription?.trim() || stripTags(article.content);
  const canonicalPath = articleCanonicalPath(article);
  const image = article.imageUrl || DEFAULT_SOCIAL_IMAGE_PATH;
  const title = article.metaTitle?.trim() || article.title;
  const body: ArticleJsonLd = {
    headline: article.title,
    description: truncate(plain, STRUCTURED_DATA_DESCRIPTION_LENGTH, '...'),
    image: [absoluteUrl(image, origin)],
    datePublished: article.createdAt,
    dateModified: article.updatedAt,
    articleSection: article.category,
    keywords: keywordsFromTitle(article.title),
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(canonicalPath, origin) },
    author: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl('/about', origin) },
    publisher: newsMediaOrganization(origin),
    publishingPrinciples: absoluteUrl(NEWSROOM_PAGES.publishingPrinciples, origin),
    ...provenanceJsonLd(article),
  };
  const type = articleJsonLdType(article.provenance?.grade.grade);
  return page({
    title: `${title} | ${SITE_NAME}`,
    description: truncate(plain, META_DESCRIPTION_LENGTH, '...'),
    // Link previews carry the AI involvement label: the EU "AI-generated" disclosure first, another grade's label after.
    socialDescription: gradedDescription(plain, article.provenance?.grade, SOCIAL_DESCRIPTION_LENGTH),
    canonicalPath,
    keywords: keywordsFromTitle(article.title),
    ogType: 'article',
    image,
    jsonLd: [
      type === 'AnalysisNewsArticle'
        ? jsonLd<AnalysisNewsArticleLeaf>({ '@context': 'https://schema.org', '@type': type, ...body })
        : jsonLd<NewsArticleLeaf>({ '@context': 'https://schema.org', '@type': type, ...body }),
    ],
  });
}

export function articleNotFoundMeta(path: string): PageMeta {
  return page({ title: `Article Not Found | ${SITE_NAME}`, description: SITE_DESCRIPTION, canonicalPath: path, index: false, status: 404 });
}

/** A category page; `displayName` is how the page heads it (the URL's own spelling). */
export function categoryMeta(category: string): PageMeta {
  const displayName = categoryDisplayName(category);
  return page({
    title: `${displayName} | ${SITE_NAME}`,
    description: `The latest AI-written analysis and commentary in ${displayName} from ${SITE_NAME}.`,
    canonicalPath: categoryCanonicalPath(displayName),
    keywords: keywordsFromTitle(`${displayName} analysis commentary`),
  });
}

/** The static pages of docs/product.md#pages, with their titles and descriptions. */
export const STATIC_PAGES = {
  '/inspiring': {
    title: "Humanity's Finest Hours",
    description:
      'Six moments when people got it spectacularly right, from eradicating smallpox to healing the ozone layer, with an AI wondering why they do not do it more often.',
  },
  '/about': {
    title: 'About The AI Mind',
    description:
      'How The AI Mind works: trend analysis, global event monitoring and AI content generation, reviewed by human editors before anything is published.',
  },
  '/contact': {
    title: 'Contact The AI Mind',
    description: 'Send the editors of The AI Mind a correction, a story tip, a partnership idea or a complaint about the AI persona.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: 'What The AI Mind collects, why, how long it keeps it, and the choices you have about cookies, analytics and advertising.',
  },
  '/terms': {
    title: 'Terms of Use',
    description: 'The terms for reading, commenting on and sharing content from The AI Mind, an AI-written news commentary site.',
  },
} as const;

export type StaticPagePath = keyof typeof STATIC_PAGES;

export function staticPageMeta(path: StaticPagePath): PageMeta {
  const { title, description } = STATIC_PAGES[path];
  return page({ title: `${title} | ${SITE_NAME}`, description, canonicalPath: path });
}

/** The newsletter's confirm and unsubscribe pages: reached from an email, never indexed. */
export function newsletterPageMeta(path: string, title: string): PageMeta {
  return page({
    title: `${title} | ${SITE_NAME}`,
    description: `Your subscription to ${SITE_NAME}'s digest of new articles.`,
    canonicalPath: path,
    index: false,
  });
}

/** The public list of every correction and update note. */
export function correctionsMeta(): PageMeta {
  return page({
    title: `Corrections and updates | ${SITE_NAME}`,
    description: `Every correction and update note ${SITE_NAME} has added to a published article, newest first.`,
    canonicalPath: '/corrections',
  });
}

export function notFoundMeta(path: string): PageMeta {
  return page({ title: `404 Page Not Found | ${SITE_NAME}`, description: SITE_DESCRIPTION, canonicalPath: path, index: false, status: 404 });
}

/** One element of a page's head; the server serialises these, the site creates them in the document. */
export interface HeadElement {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/**
 * Every head element a page's metadata stands for, with absolute URLs. `activityPub`: whether the site is
 * an ActivityPub actor, whose home page names the actor and whose article pages name their objects.
 */
export function headElements(meta: PageMeta, origin: string, { activityPub = true }: { activityPub?: boolean } = {}): HeadElement[] {
  const url = absoluteUrl(meta.canonicalPath, origin);
  const image = absoluteUrl(meta.image, origin);
  const elements: HeadElement[] = [
    { tag: 'title', attrs: {}, text: meta.title },
    { tag: 'meta', attrs: { name: 'description', content: meta.description } },
  ];
  if (meta.keywords) elements.push({ tag: 'meta', attrs: { name: 'keywords', content: meta.keywords } });
  if (!meta.index) elements.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, follow' } });
  elements.push(
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    // The site's ActivityPub actor (home) and an article's object (its own URL): a URL pasted into a fediverse client's search resolves.
    ...(!activityPub
      ? []
      : meta.canonicalPath === '/'
        ? [{ tag: 'link' as const, attrs: { rel: 'alternate', type: ACTIVITY_JSON, href: absoluteUrl(FEDIVERSE_ACTOR_PATH, origin) } }]
        : meta.ogType === 'article' && meta.status === 200
          ? [{ tag: 'link' as const, attrs: { rel: 'alternate', type: ACTIVITY_JSON, href: url } }]
          : []),
    { tag: 'meta', attrs: { property: 'og:site_name', content: SITE_NAME } },
    { tag: 'meta', attrs: { property: 'og:type', content: meta.ogType } },
    { tag: 'meta', attrs: { property: 'og:title', content: meta.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: meta.socialDescription } },
    { tag: 'meta', attrs: { property: 'og:url', content: url } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: meta.title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: meta.socialDescription } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
  );
  for (const data of meta.jsonLd) {
    elements.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: jsonForScript(data) });
  }
  return elements;
}

/** JSON that cannot end its <script> element or be read as markup, wherever it is embedded. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
