import { ArticleListQuerySchema } from './articles.js';

describe('ArticleListQuerySchema paging and search', () => {
  it('accepts a search term, a cursor and a page size', () => {
    expect(ArticleListQuerySchema.parse({ approved: 'true', search: '  "grid power" -coal ', cursor: 'eyJjIjoxfQ', limit: '24' })).toEqual({
      approved: 'true',
      search: '"grid power" -coal',
      cursor: 'eyJjIjoxfQ',
      limit: 24,
    });
  });

  it('drops control characters from a search term and refuses an empty one', () => {
    expect(ArticleListQuerySchema.parse({ search: 'a\u0000b' }).search).toBe('a b');
    expect(ArticleListQuerySchema.safeParse({ search: '   ' }).error?.issues[0]?.path).toEqual(['search']);
  });

  it.each([['0'], ['51'], ['1.5'], ['ten']])('refuses limit=%s', (limit) => {
    expect(ArticleListQuerySchema.safeParse({ limit }).error?.issues[0]?.path).toEqual(['limit']);
  });

  it('refuses a cursor with characters no cursor has', () => {
    expect(ArticleListQuerySchema.safeParse({ cursor: 'a b;' }).error?.issues[0]?.path).toEqual(['cursor']);
  });
});
