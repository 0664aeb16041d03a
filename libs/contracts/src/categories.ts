/** Categories with their own badge colour (docs/product.md#entities); any other is grey. */
export const BADGE_CATEGORIES = ['Politics', 'Technology', 'Culture', 'Economics', 'Global Events'] as const;

export const CATEGORY_BADGE_COLORS: Record<(typeof BADGE_CATEGORIES)[number], string> = {
  Politics: 'red',
  Technology: 'blue',
  Culture: 'grape',
  Economics: 'green',
  'Global Events': 'orange',
};

export const NEUTRAL_BADGE_COLOR = 'gray';

/**
 * Categories the site links to whether or not they have published articles yet (docs/product.md#pages: the
 * header, the footer and Browse by Category): their pages exist, saying 'No articles found in this
 * category yet.' when empty. Any other category exists once a published article has it.
 */
export const LINKED_CATEGORIES = [
  'Technology',
  'Global Events',
  'Human Achievements',
  'AI Product Reviews',
  'ai-insights',
  'tech-analysis',
  'business-intelligence',
  'future-predictions',
  ...BADGE_CATEGORIES,
] as const;

export function categoryBadgeColor(category: string): string {
  return (CATEGORY_BADGE_COLORS as Record<string, string>)[category] ?? NEUTRAL_BADGE_COLOR;
}

/**
 * The comparable form of a category name: lowercase, runs of spaces and hyphens as one hyphen.
 * '/category/Global Events', '/category/global-events' and 'Global Events' all meet here, which is
 * also the form the spec asks for in canonical article URLs.
 */
export function categorySlug(category: string): string {
  return category
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '-');
}

/** Words written in capitals wherever a category name is shown. */
const ACRONYMS = new Set(['ai', 'eu', 'uk', 'us', 'un']);

/**
 * How a category from a URL is shown: the footer links to slugs ('/category/ai-insights') whose page
 * must read 'AI Insights'. A name already written with capitals ('Global Events') is kept as written.
 */
export function categoryDisplayName(category: string): string {
  const trimmed = category.trim();
  if (trimmed !== trimmed.toLowerCase()) return trimmed.replace(/\s+/g, ' ');
  return trimmed
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : `${word[0]!.toUpperCase()}${word.slice(1)}`))
    .join(' ');
}
