import { categoryDisplayName, categoryBadgeColor, categorySlug } from './categories.js';
import { ArticleListQuerySchema, ArticleSlugParamsSchema } from './articles.js';

describe('categorySlug', () => {
  it.each([
    ['Global Events', 'global-events'],
    ['global-events', 'global-events'],
    ['  AI   Product Reviews ', 'ai-product-reviews'],
    ['Technology', 'technology'],
  ])('%s -> %s', (input, expected) => {
    expect(categorySlug(input)).toBe(expected);
  });
});

describe('categoryBadgeColor', () => {
  it('gives the five named categories their own colours and others grey', () => {
    const colours = ['Politics', 'Technology', 'Culture', 'Economics', 'Global Events'].map(categoryBadgeColor);
    expect(new Set(colours).size).toBe(5);
    expect(colours).not.toContain('gray');
    expect(categoryBadgeColor('Human Achievements')).toBe('gray');
  });
});

describe('ArticleListQuerySchema', () => {
  it('accepts the published flag and a trimmed category', () => {
    expect(ArticleListQuerySchema.parse({ approved: 'true', category: ' Technology ' })).toEqual({
      approved: 'true',
      category: 'Technology',
    });
  });

  it.each(['false', 'yes'])('refuses approved=%s with a field message', (approved) => {
    const result = ArticleListQuerySchema.safeParse({ approved });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['approved']);
  });
});

describe('ArticleSlugParamsSchema', () => {
  it('accepts slugs and refuses path tricks', () => {
    expect(ArticleSlugParamsSchema.safeParse({ slug: 'the-quiet-economy' }).success).toBe(true);
    expect(ArticleSlugParamsSchema.safeParse({ slug: '../etc/passwd' }).success).toBe(false);
  });
});

describe('categoryDisplayName', () => {
  it.each([
    ['ai-insights', 'AI Insights'],
    ['tech-analysis', 'Tech Analysis'],
    ['business-intelligence', 'Business Intelligence'],
    ['future-predictions', 'Future Predictions'],
    ['Global Events', 'Global Events'],
    ['  Technology ', 'Technology'],
    ['politics', 'Politics'],
    ['global events', 'Global Events'],
  ])('shows %j as %j', (param, shown) => {
    expect(categoryDisplayName(param)).toBe(shown);
  });
});
