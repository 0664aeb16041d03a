import { ArticleIdRequestSchema, UpdateArticleRequestSchema, RegenerateImagesRequestSchema } from './admin.js';

describe('admin request schemas', () => {
  it.each([
    [12, 12],
    ['12', 12],
  ])('accepts blog id %p', (input, expected) => {
    expect(ArticleIdRequestSchema.parse({ blogId: input })).toEqual({ blogId: expected });
  });

  it.each([
    ['abc', 'Invalid blog ID: abc'],
    ['12x', 'Invalid blog ID: 12x'],
    [1.5, 'Invalid blog ID: 1.5'],
    [undefined, 'Invalid blog ID: undefined'],
  ])('refuses blog id %p with the spec message', (input, message) => {
    const result = ArticleIdRequestSchema.safeParse({ blogId: input });
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('needs a title and some text in the content', () => {
    const result = UpdateArticleRequestSchema.safeParse({ title: '  ', content: '<p> </p>' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Please fill in both title and content before saving.',
      'Please fill in both title and content before saving.',
    ]);
  });

  it('limits the meta description to 160 characters', () => {
    expect(UpdateArticleRequestSchema.safeParse({ title: 't', content: '<p>x</p>', metaDescription: 'x'.repeat(161) }).success).toBe(false);
    expect(UpdateArticleRequestSchema.safeParse({ title: 't', content: '<p>x</p>', metaDescription: 'x'.repeat(160) }).success).toBe(true);
  });

  it('needs blog ids or regenerateAll for image regeneration', () => {
    expect(RegenerateImagesRequestSchema.safeParse({}).success).toBe(false);
    expect(RegenerateImagesRequestSchema.safeParse({ regenerateAll: true }).success).toBe(true);
    expect(RegenerateImagesRequestSchema.safeParse({ blogIds: [1, 2] }).success).toBe(true);
  });
});
