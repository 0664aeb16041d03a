import { createQueryClient } from '../src/query-client';

describe('createQueryClient', () => {
  it('applies the spec query defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('does not retry a failing query', async () => {
    const client = createQueryClient();
    let calls = 0;
    await client
      .fetchQuery({
        queryKey: ['failing'],
        queryFn: () => {
          calls += 1;
          throw new Error('500: boom');
        },
      })
      .catch(() => undefined);
    expect(calls).toBe(1);
  });
});
