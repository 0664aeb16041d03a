import { NEXT_CURSOR_HEADER } from '@ai-mind/contracts';
import { nextPageHeaders } from './next-page-headers.js';

describe('nextPageHeaders', () => {
  it('links the next page with the same query, the cursor replaced and the values encoded', () => {
    const headers = nextPageHeaders('/api/articles', { category: 'AI & ML', limit: 20, approved: true, cursor: 'old', search: undefined }, 'abc_-1');
    expect(headers[NEXT_CURSOR_HEADER]).toBe('abc_-1');
    expect(headers.link).toBe('</api/articles?category=AI+%26+ML&limit=20&approved=true&cursor=abc_-1>; rel="next"');
  });

  it('announces nothing on the last page', () => {
    expect(nextPageHeaders('/api/articles', { limit: 20 }, null)).toEqual({});
  });
});
