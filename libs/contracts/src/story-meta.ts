import type { BlogPostingLeaf, LiveBlogPostingLeaf, WithContext } from 'schema-dts';
import { categoryDisplayName } from './categories.js';
import { CORRECTION_KIND_LABELS } from './public-record.constants.js';
import {
  absoluteUrl,
  articleCanonicalPath,
  DEFAULT_SOCIAL_IMAGE_PATH,
  META_DESCRIPTION_LENGTH,
  newsMediaOrganization,
  SITE_NAME,
  SOCIAL_DESCRIPTION_LENGTH,
  type JsonLd,
  type PageMeta,
} from './seo.js';
import type { PublicStory, StoryTimelineEntry } from './stories.js';
import { truncate } from './text.js';

/** Where a story's page is. */
export function storyPath(slug: string): string {
  return `/story/${slug}`;
}

/** How a story's timeline names one of its moments, e.g. "Update to “Grid queue”". */
export function storyEntryHeadline(entry: StoryTimelineEntry): string {
  if (entry.kind === 'published') return `Published: ${entry.article.title}`;
  if (entry.kind === 'reports') {
    const count = `${entry.reports.length} report${entry.reports.length === 1 ? '' : 's'}`;
    return entry.atApproval ? `The story began with ${count}` : `${count} arrived`;
  }
  return `${CORRECTION_KIND_LABELS[entry.kind]} to “${entry.article.title}”`;
}

/** The story's one-line description: what it is and how much it has. */
export function storyDescription(story: Pick<PublicStory, 'title' | 'category' | 'articles' | 'updateCount'>): string {
  const articles = `${story.articles.length} article${story.articles.length === 1 ? '' : 's'}`;
  const updates = `${story.updateCount} update${story.updateCount === 1 ? '' : 's'}`;
  return truncate(
    `${story.title}: the story so far in ${categoryDisplayName(story.category)}, ${articles} and ${updates}, newest first.`,
    META_DESCRIPTION_LENGTH,
    '...',
  );
}

/**
 * A story's page: its title and description, and a schema.org LiveBlogPosting (a developing story is
 * a live blog; a settled one says when coverage ended) whose liveBlogUpdate are its publications and
 * notes as BlogPostings, newest first, each linking to its article.
 */
export function storyMeta(story: PublicStory, origin: string): PageMeta {
  const canonicalPath = storyPath(story.slug);
  const description = storyDescription(story);
  const updates = story.timeline.flatMap((entry): BlogPostingLeaf[] => {
    if (entry.kind === 'reports') return [];
    return [
      {
        '@type': 'BlogPosting',
        headline: truncate(storyEntryHeadline(entry), 110, '...'),
        datePublished: entry.at,
        url: absoluteUrl(articleCanonicalPath(entry.article), origin),
        ...(entry.kind === 'published' ? {} : { articleBody: entry.note }),
      },
    ];
  });
  const liveBlog: WithContext<LiveBlogPostingLeaf> = {
    '@context': 'https://schema.org',
    '@type': 'LiveBlogPosting',
    headline: story.title,
    description,
    url: absoluteUrl(canonicalPath, origin),
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(canonicalPath, origin) },
    datePublished: story.startedAt,
    dateModified: story.lastUpdatedAt,
    coverageStartTime: story.startedAt,
    ...(story.status === 'settled' ? { coverageEndTime: story.lastUpdatedAt } : {}),
    articleSection: categoryDisplayName(story.category),
    publisher: newsMediaOrganization(origin),
    liveBlogUpdate: updates,
  };
  return {
    title: `${story.title} | ${SITE_NAME}`,
    description,
    socialDescription: truncate(description, SOCIAL_DESCRIPTION_LENGTH, '...'),
    canonicalPath,
    keywords: null,
    ogType: 'article',
    image: DEFAULT_SOCIAL_IMAGE_PATH,
    // schema-dts types are interfaces, which TypeScript does not let stand for a record without a cast (as seo.ts's jsonLd).
    jsonLd: [liveBlog as unknown as JsonLd],
    index: true,
    status: 200,
  };
}
