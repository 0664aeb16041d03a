/**
 * @jest-environment node
 */
import type { ArticleSummary, PublicArticle, PublicPageReads } from '@ai-mind/contracts/web';
import { render } from '../src/server';
import { FALLBACK_IMAGE } from '../src/features/articles/components/ArticleImage';
import { article, summaries, summary } from './fixtures';

/**
 * The reads as the API answers them with nothing published: no article; an unknown category, or a
 * list start (?cursor=) naming nothing, is a missing list.
 */
const nothing: PublicPageReads = {
  articleBySlug: async () => null,
  articlePage: async (filter, cursor) => (filter.category || cursor ? { items: [], nextCursor: null, missing: true } : { items: [], nextCursor: null }),
  comments: async () => [],
  corrections: async () => [],
  newsroomPage: async (key) => ({ key, title: key, html: '<p>Not written yet.</p>', updatedAt: null, members: [] }),
  storyBySlug: async () => null,
  articleStory: async () => ({ story: null }),
};

/** Every list answers `items`. */
const listing = (items: ArticleSummary[]): PublicPageReads => ({ ...nothing, articlePage: async () => ({ items, nextCursor: null }) });

/** A record that knows nothing of how the article was made. */
const unrecorded: PublicArticle['provenance'] = {
  draftedBy: 'unknown',
  sources: null,
  engine: null,
  promptVersion: null,
  reviewedBy: null,
  publishedAt: null,
  editedShare: null,
  claims: null,
  unknown: [],
  grade: { grade: 'ai-unreviewed', label: 'AI-generated', disclosed: true, checks: [] },
};

/** `story` is the one published article. */
const publishing = (story: Omit<PublicArticle, 'provenance'>): PublicPageReads => ({
  ...nothing,
  articleBySlug: async (slug) => (slug === story.slug ? { ...story, provenance: unrecorded } : null),
});

describe('the public site rendered on the server (server.tsx)', () => {
  it('renders every card of the home page’s first page, the footer, and the list for the client', async () => {
    const items = summaries(12);
    const page = await render('/', { origin: 'https://example.test', read: listing(items) });
    expect(page.status).toBe(200);
    expect(page.page).toBe('home');
    for (const item of items) expect(page.html).toContain(`href="/article/${item.slug}"`);
    expect(page.html).toContain('aria-label="Footer"');
    expect(page.meta.title).toContain('The AI Mind');
    expect(JSON.stringify(page.pageData)).toContain('"story-12"');
    expect(page.html).not.toMatch(/<script/);
  });

  it('renders the whole article body as the API gives it, with its comments; a missing article is a 404 with its page', async () => {
    const story = article({ content: '<p>First words.</p><h2>A heading</h2><p>Last words.</p>' });
    const page = await render(`/article/${story.slug}`, {
      origin: 'https://example.test',
      read: publishing(story),
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<p>First words.</p><h2>A heading</h2><p>Last words.</p>');
    expect(page.html).not.toMatch(/<script/);
    expect(page.html).toContain('data-testid="comments-section"');
    expect(page.meta.title).toBe(`${story.title} | The AI Mind`);

    const missing = await render('/article/nothing-here', { origin: 'https://example.test', read: nothing });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Article Not Found');
  });

  it('renders the header search as a form that works without JavaScript: GET to the search page, its input in <noscript>', async () => {
    const page = await render('/about', { origin: 'https://example.test', read: nothing });
    const form = page.html.match(/<form[^>]*role="search"[^>]*>([\s\S]*?)<\/form>/);
    expect(form?.[0]).toMatch(/action="\/"/);
    expect(form?.[0]).toMatch(/method="get"/);
    const fallback = form?.[1].match(/<noscript>(<input[^>]*>)([\s\S]*?)<\/noscript>/);
    expect(fallback?.[1]).toMatch(/name="search"/);
    expect(fallback?.[1]).toMatch(/required=""/);
    expect(fallback?.[2]).toMatch(/^<button[^>]*type="submit"/);
  });

  it('renders the results of a search (the search page a reader without JavaScript reaches), not skeletons', async () => {
    const items = summaries(3);
    const asked: { search?: string }[] = [];
    const page = await render('/?search=grid%20power', {
      origin: 'https://example.test',
      read: { ...nothing, articlePage: async (filter) => (asked.push(filter), { items, nextCursor: null }) },
    });
    expect(asked).toContainEqual({ search: 'grid power' });
    expect(page.html).toContain('Search results for');
    for (const item of items) expect(page.html).toContain(`href="/article/${item.slug}"`);
  });

  it('preloads the top card’s image, or the fallback cover its card shows when its article has none', async () => {
    const [withImage, without] = [summary({ id: 1, slug: 'a', imageUrl: '/media/covers/a.svg' }), summary({ id: 2, slug: 'b', imageUrl: null })];
    const page = await render('/', { origin: 'https://example.test', read: listing([withImage, without]) });
    expect(page.heroImage?.href).toBe('/media/covers/a.svg');
    const fallback = await render('/', { origin: 'https://example.test', read: listing([without, withImage]) });
    expect(fallback.heroImage?.href).toBe(FALLBACK_IMAGE);
    expect(fallback.html).toContain(`src="${FALLBACK_IMAGE}"`);
  });

  it('answers with the route table’s status: 404 for unknown paths and a category page without its name', async () => {
    const readNothing = listing([]);
    expect((await render('/no/such/page', { origin: 'https://example.test', read: readNothing })).status).toBe(404);
    expect((await render('/category', { origin: 'https://example.test', read: readNothing })).status).toBe(404);
    expect((await render('/category/Technology', { origin: 'https://example.test', read: readNothing })).status).toBe(200);
    expect((await render('/about', { origin: 'https://example.test', read: readNothing })).status).toBe(200);
  });

  it("answers 404 with 'Category not found' for a category the API does not know, and for a list start (?cursor=) the API refuses", async () => {
    const unknown = await render('/category/made-up', { origin: 'https://example.test', read: nothing });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Category not found');
    expect(unknown.meta.index).toBe(false);
    const deadStart = await render('/?cursor=eyJjIjoiMjAyMCJ9', { origin: 'https://example.test', read: nothing });
    expect(deadStart.status).toBe(404);
    expect(deadStart.meta.index).toBe(false);
  });

  it('renders a newsroom page whole at its stable URL: the owner’s text with its section ids, and the masthead’s people by name and title', async () => {
    const read: PublicPageReads = {
      ...nothing,
      newsroomPage: async (key) => ({
        key,
        title: key,
        html: key === 'masthead' ? '<p>Who answers for it.</p>' : '<h2 id="feedback">Feedback</h2><p>Write to us.</p>',
        updatedAt: '2026-11-29T10:00:00.000Z',
        members: key === 'masthead' ? [{ name: 'Dana Reyes', title: 'Editor-in-chief' }] : [],
      }),
    };
    const principles = await render('/about/publishing-principles', { origin: 'https://example.test', read });
    expect(principles.status).toBe(200);
    expect(principles.page).toBe('newsroom');
    expect(principles.html).toContain('<h2 id="feedback">Feedback</h2>');
    expect(principles.meta.canonicalPath).toBe('/about/publishing-principles');
    expect(principles.html).not.toMatch(/<script/);
    const masthead = await render('/about/masthead', { origin: 'https://example.test', read });
    expect(masthead.html).toContain('Dana Reyes');
    expect(masthead.html).toContain('Editor-in-chief');
    expect(masthead.meta.title).toBe('Masthead | The AI Mind');
  });

  it('renders a story page whole: its articles, its timeline with what changed and the reports, and a LiveBlogPosting; a missing story is a 404', async () => {
    const ref = { id: 7, title: 'Grid queue shrinks', slug: 'grid-queue', category: 'Technology' };
    const read: PublicPageReads = {
      ...nothing,
      storyBySlug: async (slug) =>
        slug !== 'grid-queue'
          ? null
          : {
              id: 3,
              slug: 'grid-queue',
              title: 'The grid queue',
              category: 'technology',
              status: 'developing',
              startedAt: '2026-11-28T09:00:00.000Z',
              lastUpdatedAt: '2026-11-29T12:00:00.000Z',
              articles: [{ ...ref, publishedAt: '2026-11-28T10:00:00.000Z' }],
              updateCount: 1,
              timeline: [
                {
                  kind: 'update',
                  at: '2026-11-29T12:00:00.000Z',
                  article: ref,
                  note: 'The regulator decided.',
                  changes: { summary: '1 paragraph added', title: null, added: ['The regulator decided on Friday.'], removed: [], changed: [] },
                },
                {
                  kind: 'reports',
                  at: '2026-11-29T08:00:00.000Z',
                  atApproval: false,
                  reports: [{ outlet: 'Wire', title: 'Queue cut', link: 'https://wire.example/q' }],
                },
                { kind: 'published', at: '2026-11-28T10:00:00.000Z', article: ref },
              ],
            },
    };
    const page = await render('/story/grid-queue', { origin: 'https://example.test', read });
    expect(page.status).toBe(200);
    expect(page.page).toBe('story');
    expect(page.html).not.toMatch(/<script/);
    expect(page.html).toContain('The regulator decided.');
    expect(page.html).toContain('What changed: <!-- -->1 paragraph added');
    expect(page.html).toContain('href="https://wire.example/q"');
    expect(page.html).toContain('href="/technology/article/grid-queue"');
    expect(page.html.indexOf('The regulator decided.')).toBeLessThan(page.html.indexOf('Queue cut'));
    const [liveBlog] = page.meta.jsonLd as { '@type': string; liveBlogUpdate: { headline: string }[] }[];
    expect(liveBlog!['@type']).toBe('LiveBlogPosting');
    expect(liveBlog!.liveBlogUpdate.map((update) => update.headline)).toEqual(['Update to “Grid queue shrinks”', 'Published: Grid queue shrinks']);

    const missing = await render('/story/nothing-here', { origin: 'https://example.test', read });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Story Not Found');
  });

  it('renders an article’s latest update note at its top, and the link to its story when the story has updates', async () => {
    const story = article({
      corrections: [
        { id: 'a', kind: 'update', text: 'First update.', createdAt: '2026-11-28T10:00:00.000Z' },
        { id: 'b', kind: 'update', text: 'The regulator decided.', createdAt: '2026-11-29T10:00:00.000Z' },
      ],
    });
    const page = await render(`/article/${story.slug}`, {
      origin: 'https://example.test',
      read: { ...publishing(story), articleStory: async () => ({ story: { slug: 'grid-queue', title: 'The grid queue', updateCount: 3 } }) },
    });
    expect(page.html).toMatch(/Updated <time dateTime="2026-11-29T10:00:00.000Z">[^<]+<\/time>:<\/span> <!-- -->The regulator decided\./);
    expect(page.html).toMatch(/href="\/story\/grid-queue"[^>]*>This story has <!-- -->3<!-- --> update<!-- -->s/);
  });
});
