/** Categories with their own badge colour (spec section 3); any other is grey. */
export const BADGE_CATEGORIES = ['Politics', 'Technology', 'Culture', 'Economics', 'Global Events'] as const;

export const CATEGORY_BADGE_COLORS: Record<(typeof BADGE_CATEGORIES)[number], string> = {
  Politics: 'red',
  Technology: 'blue',
  Culture: 'grape',
  Economics: 'green',
  'Global Events': 'orange',
};

export const NEUTRAL_BADGE_COLOR = 'gray';

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
