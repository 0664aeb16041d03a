import {
  ARTICLE_IMAGE_SIZES,
  CARD_IMAGE_SIZES,
  SITE_NAME,
  articleImageSrcSet,
  categoryBadgeColor,
  excerpt,
  formatLongDate,
  formatShortDate,
  type Article,
  type ArticleSummary,
  type PageData,
} from '@ai-mind/contracts';
import { escapeMarkup } from './markup.js';

/**
 * The visible top of the home and article pages as plain HTML, written into the shell's root element
 * so the header, headings and top image paint from the HTML alone, before any JavaScript has run.
 * The site replaces it whole when it mounts (see shell/src/bootstrap.tsx). Every piece of stored text
 * goes through escapeMarkup; article HTML is reduced to plain text first, so no stored markup is ever
 * written here. No scripts and no event handlers: the page's Content-Security-Policy allows neither.
 */

/** How many of the home page's cards are written: one row on the widest layout. */
export const FIRST_VIEW_CARDS = 3;
/** The article page's opening text, in characters. */
const OPENING_TEXT_LENGTH = 600;

/** Mantine's shade 6 of the badge colours (CategoryBadge draws `${color}.6`). */
const BADGE_SHADE_6: Record<string, string> = {
  red: '#fa5252',
  blue: '#228be6',
  grape: '#be4bdb',
  green: '#40c057',
  orange: '#fd7e14',
  gray: '#868e96',
};

/**
 * The layout of the site's own components (Mantine theme of libs/ui, AppShell, Card, Badge, Title)
 * at the sizes they take, so nothing moves when the site takes over. Allowed as an inline style by
 * the policy's style-src 'unsafe-inline'; class names are prefixed so nothing of the site's matches.
 */
export const FIRST_VIEW_STYLES = `
body{margin:0;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;line-height:1.55;font-size:16px;color:#000;-webkit-font-smoothing:antialiased}
.fv-header{position:fixed;top:0;left:0;right:0;height:64px;background:#fff;border-bottom:1px solid #dee2e6;box-sizing:border-box;z-index:100}
.fv-container{max-width:1320px;margin:0 auto;padding:0 16px;box-sizing:border-box}
.fv-bar{height:100%;display:flex;align-items:center;justify-content:space-between;gap:12px}
.fv-brand{display:flex;align-items:center;gap:10px}
.fv-burger{width:28px;height:28px}
.fv-logo{font-size:20px;line-height:33px;font-weight:800;color:#3b5bdb;text-decoration:none}
.fv-nav{display:none;gap:16px}
.fv-nav a{color:#000;font-size:14px;font-weight:500;text-decoration:none}
.fv-search{width:34px;height:34px}
.fv-main{padding-top:64px}
.fv-page{padding-top:16px;padding-bottom:16px}
.fv-stack{display:flex;flex-direction:column;gap:20px}
.fv-ad{min-height:100px;border:1px dashed #adb5bd;border-radius:8px;background:#f8f9fa;box-sizing:border-box}
.fv-h1{font-family:Georgia,"Times New Roman",serif;font-size:34px;line-height:1.3;font-weight:700;margin:0}
.fv-lead{color:#495057;margin:0}
.fv-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(max(min(100%,280px),calc((100% - 48px) / 4)),1fr))}
.fv-card{border:1px solid #dee2e6;border-radius:8px;background:#fff;overflow:hidden;display:flex;flex-direction:column}
.fv-img{display:block;width:100%;aspect-ratio:1200/630;object-fit:cover;background:#f1f3f5}
.fv-card-body{padding:16px 20px 20px;display:flex;flex-direction:column;gap:10px}
.fv-meta{display:flex;align-items:center;justify-content:space-between;flex-wrap:wrap;gap:6px}
.fv-article .fv-meta{justify-content:flex-start;gap:16px}
.fv-badge{display:inline-block;height:20px;line-height:18px;padding:0 10px;border-radius:1000px;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.25px;color:#000;border:1px solid transparent;box-sizing:border-box;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:100%}
.fv-date{font-size:14px;line-height:1.45;color:#495057}
.fv-h2{font-family:Georgia,"Times New Roman",serif;font-size:18px;line-height:1.45;font-weight:700;margin:0}
.fv-h2 a{color:inherit;text-decoration:none}
.fv-excerpt{font-size:14px;line-height:1.45;margin:0}
.fv-article{max-width:820px;margin:0 auto;display:flex;flex-direction:column;gap:16px}
.fv-back{font-size:14px;line-height:1.45;color:#3b5bdb;text-decoration:none}
.fv-article .fv-img{border-radius:8px;max-height:460px}
.fv-opening{margin:0;line-height:1.6}
@media (min-width:62em){.fv-burger,.fv-ad{display:none}.fv-nav{display:flex}.fv-home{width:66.666%}}
@media (min-width:75em){.fv-home{width:75%}}
@media (min-width:88em){.fv-container{max-width:1800px}.fv-home{margin-left:184px;width:calc(75% - 368px)}}
`;

/** An attribute list from name/value pairs, every value escaped. */
function attrs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`)
    .join('');
}

function header(): string {
  const links = [
    ['/category/Technology', 'Technology'],
    ['/category/Global Events', 'Global Events'],
    ['/category/Human Achievements', 'Human Achievements'],
    ['/category/AI Product Reviews', 'AI Product Reviews'],
    ['/about', 'About'],
  ]
    .map(([href, label]) => `<a${attrs({ href: encodeURI(href!) })}>${escapeMarkup(label!)}</a>`)
    .join('');
  return (
    '<header class="fv-header"><div class="fv-container fv-bar">' +
    `<div class="fv-brand"><span class="fv-burger"></span><a class="fv-logo" href="/">${escapeMarkup(SITE_NAME)}</a></div>` +
    `<nav class="fv-nav" aria-label="Main">${links}</nav><span class="fv-search"></span>` +
    '</div></header>'
  );
}

/** The image as the site draws it: both stored sizes where there are two, the top one fetched first. */
function image(url: string | null, alt: string, sizes: string, priority: boolean): string {
  if (!url) return '<div class="fv-img"></div>';
  const srcset = articleImageSrcSet(url);
  return `<img class="fv-img"${attrs({
    src: url,
    srcset,
    sizes: srcset ? sizes : undefined,
    alt,
    loading: priority ? 'eager' : 'lazy',
    fetchpriority: priority ? 'high' : 'auto',
    decoding: 'async',
  })}>`;
}

function badge(category: string): string {
  const color = BADGE_SHADE_6[categoryBadgeColor(category)] ?? BADGE_SHADE_6.gray!;
  return `<span class="fv-badge"${attrs({ style: `background:${color}` })}>${escapeMarkup(category)}</span>`;
}

function card(article: ArticleSummary, index: number): string {
  const href = `/article/${encodeURIComponent(article.slug)}`;
  return (
    `<article class="fv-card">${image(article.imageUrl, '', CARD_IMAGE_SIZES, index === 0)}<div class="fv-card-body">` +
    `<div class="fv-meta">${badge(article.category)}<time class="fv-date"${attrs({ datetime: article.createdAt })}>${escapeMarkup(formatShortDate(article.createdAt))}</time></div>` +
    `<h2 class="fv-h2"><a${attrs({ href })}>${escapeMarkup(article.title)}</a></h2>` +
    `<p class="fv-excerpt">${escapeMarkup(article.excerpt)}</p>` +
    '</div></article>'
  );
}

function homeView(items: ArticleSummary[]): string {
  return (
    '<div class="fv-stack fv-home"><div class="fv-ad"></div>' +
    `<div><h1 class="fv-h1">${escapeMarkup(SITE_NAME)}</h1><p class="fv-lead">AI-written analysis and commentary on business, politics, culture, technology and economics.</p></div>` +
    `<div class="fv-grid">${items.slice(0, FIRST_VIEW_CARDS).map(card).join('')}</div></div>`
  );
}

function articleView(article: Article): string {
  return (
    '<div class="fv-article"><a class="fv-back" href="/">← Back to Articles</a>' +
    `<div class="fv-meta">${badge(article.category)}<time class="fv-date"${attrs({ datetime: article.createdAt })}>${escapeMarkup(formatLongDate(article.createdAt))}</time></div>` +
    `<h1 class="fv-h1">${escapeMarkup(article.title)}</h1>` +
    image(article.imageUrl, article.title, ARTICLE_IMAGE_SIZES, true) +
    `<p class="fv-opening">${escapeMarkup(excerpt(article.content, OPENING_TEXT_LENGTH))}</p></div>`
  );
}

/** The markup for the shell's root element, or null for pages the server has no data for. */
export function renderFirstView(data: PageData): string | null {
  const body = data.article ? articleView(data.article) : data.articles?.items.length ? homeView(data.articles.items) : null;
  if (body === null) return null;
  return `${header()}<main class="fv-main"><div class="fv-container fv-page" aria-busy="true">${body}</div></main>`;
}

/** The shell's HTML with the first view inside its (empty) root element and its styles in the head. */
export function injectFirstView(html: string, markup: string): string {
  const root = /<div id="root"><\/div>/;
  if (!root.test(html)) return html;
  const withBody = html.replace(root, () => `<div id="root">${markup}</div>`);
  const at = withBody.search(/<\/head>/i);
  return at === -1 ? withBody : `${withBody.slice(0, at)}<style data-first-view>${FIRST_VIEW_STYLES}</style>${withBody.slice(at)}`;
}
