import { NEWSROOM_PAGES } from './newsroom-pages.js';
import { DEFAULT_SOCIAL_IMAGE_PATH, SITE_NAME, SOCIAL_DESCRIPTION_LENGTH, type PageMeta } from './seo.js';
import { truncate } from './text.js';

/**
 * The newsroom's published promises as pages (no zod here: the public site's bundle imports it through
 * the web entry). Five texts the owner edits, each at its stable URL of NEWSROOM_PAGES; the masthead's
 * text is followed by the people who agreed to be named. The request and answer schemas are in
 * newsroom-schemas.ts; the stored HTML is cleaned by sanitizeNewsroomHtml (article-sanitizer.ts).
 */
export const NEWSROOM_TEXT_KEYS = ['publishingPrinciples', 'correctionsPolicy', 'ethicsPolicy', 'masthead', 'ownershipFunding'] as const;
export type NewsroomTextKey = (typeof NEWSROOM_TEXT_KEYS)[number];

/** The longest text the owner may save, in characters of HTML (a long policy is about 20,000). */
export const NEWSROOM_TEXT_MAX_CHARS = 60_000;
/** The longest public title a person is named with on the masthead ("Editor-in-chief"). */
export const MASTHEAD_TITLE_MAX_CHARS = 100;

/**
 * The sections of the publishing principles other promises point at (NEWSROOM_PAGES' #feedback and
 * #verification): the text must keep a heading with each id, or those stable URLs would lead nowhere.
 */
export const PUBLISHING_PRINCIPLES_SECTIONS = { feedback: 'feedback', verification: 'verification' } as const;

/** Each page's heading and description (its meta description and its line in the admin). */
export const NEWSROOM_TEXTS: Record<NewsroomTextKey, { path: string; title: string; description: string }> = {
  publishingPrinciples: {
    path: NEWSROOM_PAGES.publishingPrinciples,
    title: 'Publishing principles',
    description: `How ${SITE_NAME} makes an article with an AI: kept sources, every claim checked, an editor who reviews and answers for it, how to reach us and how we verify.`,
  },
  correctionsPolicy: {
    path: NEWSROOM_PAGES.correctionsPolicy,
    title: 'Corrections policy',
    description: `How ${SITE_NAME} corrects what it got wrong: in public, dated, on the article and on the corrections page.`,
  },
  ethicsPolicy: {
    path: NEWSROOM_PAGES.ethicsPolicy,
    title: 'Ethics and AI policy',
    description: `What ${SITE_NAME}'s AI may and may not do, how articles are labelled under the EU AI Act, and who is responsible.`,
  },
  masthead: {
    path: NEWSROOM_PAGES.masthead,
    title: 'Masthead',
    description: `The people who edit ${SITE_NAME} and answer for what it publishes.`,
  },
  ownershipFunding: {
    path: NEWSROOM_PAGES.ownershipFunding,
    title: 'Ownership and funding',
    description: `Who owns ${SITE_NAME} and how it is paid for.`,
  },
};

/** The text of `pathname` (a newsroom page's address), or null. */
export function newsroomKeyOfPath(pathname: string): NewsroomTextKey | null {
  return NEWSROOM_TEXT_KEYS.find((key) => NEWSROOM_TEXTS[key].path === pathname.replace(/\/+$/, '')) ?? null;
}

/** One person on the masthead: as named publicly, nothing more (no address, no username). */
export interface MastheadMember {
  name: string;
  title: string;
}

/** A newsroom page as readers get it (GET /api/newsroom/:page). */
export interface PublicNewsroomPage {
  key: NewsroomTextKey;
  title: string;
  /** Sanitized HTML. */
  html: string;
  /** When the owner last changed it; null while it is the text that shipped. */
  updatedAt: string | null;
  /** The masthead's people (the masthead page only; empty elsewhere). */
  members: MastheadMember[];
}

/** The query key of one newsroom page, shared by the page and its server render. */
export const newsroomKeys = {
  all: ['newsroom'] as const,
  page: (key: NewsroomTextKey) => [...newsroomKeys.all, 'page', key] as const,
  admin: () => [...newsroomKeys.all, 'admin'] as const,
  masthead: () => [...newsroomKeys.all, 'admin', 'masthead'] as const,
};

/** A newsroom page's head: its title and description, canonical at its stable URL. */
export function newsroomPageMeta(key: NewsroomTextKey): PageMeta {
  const { path, title, description } = NEWSROOM_TEXTS[key];
  return {
    title: `${title} | ${SITE_NAME}`,
    description,
    socialDescription: truncate(description, SOCIAL_DESCRIPTION_LENGTH, '...'),
    canonicalPath: path,
    keywords: null,
    ogType: 'website',
    image: DEFAULT_SOCIAL_IMAGE_PATH,
    jsonLd: [],
    index: true,
    status: 200,
  };
}
