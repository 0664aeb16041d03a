import { sql } from './sql.mjs';

/**
 * The fixed content the visual suite photographs, written in SQL into a product started without the
 * demo seed and without the scheduled trending refresh: same text, dates and counts on every run.
 * Every comment has its AI reply and every article its commentary, so no job changes them later;
 * articles have no image of their own and show the site's stock one.
 */
const ARTICLES = [
  {
    title: 'Why the Grid Is the New Bottleneck for AI',
    category: 'Technology',
    date: '2026-02-27T09:00:00Z',
    likes: 42,
    shares: 7,
    body: '<h2>Power first</h2><p>Data centres want electricity faster than utilities can build it, and the queue for a grid connection now runs for years in several regions.</p><p>That is the real constraint on the next model, not chips: a transformer takes longer to order than a GPU cluster takes to install.</p>',
  },
  {
    title: 'Central Banks Hold Rates and Hint at Spring Cuts',
    category: 'Global Events',
    date: '2026-02-26T09:00:00Z',
    likes: 18,
    shares: 3,
    body: '<p>Three central banks kept their rates where they were this week and said, in slightly different words, that cuts could come in spring.</p><p>Markets had priced that in already; what they had not priced in is the caveat about wages.</p>',
  },
  {
    title: 'A Village School Wins the Robotics Championship',
    category: 'Human Achievements',
    date: '2026-02-25T09:00:00Z',
    likes: 97,
    shares: 21,
    body: '<p>Twelve pupils from a school of sixty built a robot that sorted recycling faster than every team from the big cities.</p><p>Their coach, the school&rsquo;s only science teacher, says the secret was patience &mdash; and a lot of cardboard.</p>',
  },
  {
    title: 'We Tried Five AI Note-Takers for a Month',
    category: 'AI Product Reviews',
    date: '2026-02-24T09:00:00Z',
    likes: 11,
    shares: 2,
    body: '<p>Five meeting assistants, thirty meetings each. Two of them summarised well; one of them summarised meetings nobody held.</p><p>The winner was the one that asked before recording.</p>',
  },
];

const DRAFT = {
  title: 'Ports Brace for a Busy Spring Season',
  category: 'Global Events',
  date: '2026-03-01T08:00:00Z',
  body: '<p>Shipping lines expect the spring peak to arrive early this year, and ports are hiring to match.</p>',
};

export const VISUAL_ARTICLE_SLUG = 'why-the-grid-is-the-new-bottleneck-for-ai';

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function insertArticle(
  databaseUrl: string,
  article: { title: string; category: string; date: string; body: string; likes?: number; shares?: number },
  approved: boolean,
  comments = 0,
): Promise<number> {
  const [row] = await sql(
    databaseUrl,
    `insert into article (title, slug, content, category, ai_commentary, likes, shares, comments, approved, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
    [
      article.title,
      slug(article.title),
      article.body,
      article.category,
      `The AI Mind notes: ${article.title.toLowerCase()} is worth a second look.`,
      article.likes ?? 0,
      article.shares ?? 0,
      comments,
      approved,
      article.date,
    ],
  );
  return (row as { id: number }).id;
}

/**
 * A month of consented page views up to FROZEN_NOW's day (the Analytics tab's default range), the same
 * on every run: each day's count, page, source and country follow from the view's number alone. And a
 * newsletter list that grows over the month.
 */
async function insertAnalytics(databaseUrl: string): Promise<void> {
  const paths = ARTICLES.map((article) => `/article/${slug(article.title)}`);
  await sql(
    databaseUrl,
    `insert into page_view (path, title, source, country, created_at)
     select (array[$1, $1, $1, $2, $2, $3, $4, '/', '/', '/about'])[1 + (n * 7) % 10],
            null,
            (array['google', 'google', 'direct', 'direct', 'direct', 'twitter', 'newsletter', 'news.example.org'])[1 + (n * 3) % 8],
            (array['US', 'US', 'US', 'GB', 'GB', 'DE', 'IE', null])[1 + (n * 5) % 8],
            '2026-02-01T00:00:00Z'::timestamptz + make_interval(days => day, mins => n)
     from generate_series(0, 29) as day
     cross join lateral generate_series(1, 30 + (day * 17) % 23 + day * 2) as n`,
    paths,
  );
  await sql(
    databaseUrl,
    `insert into newsletter_subscriber (email, created_at)
     select 'reader' || n || '@example.com', '2026-01-20T12:00:00Z'::timestamptz + make_interval(hours => n * 19) from generate_series(1, 48) as n`,
  );
}

/**
 * The first article's story, with its publication, its correction note and a report that arrived after
 * them at fixed times (the database stamps each when it happens): the story page and the article's link to it.
 */
async function seedStory(databaseUrl: string, articleId: number): Promise<void> {
  await sql(
    databaseUrl,
    `with made as (
       insert into story (slug, title, category, created_at, updated_at)
       select 'the-grid-bottleneck', 'The grid is the new bottleneck for AI', category_slug, '2026-02-26T08:00:00Z', '2026-03-01T09:00:00Z' from article where id = $1
       returning id)
     insert into story_article (article_id, story_id, joined_at) select $1, made.id, '2026-02-26T08:00:00Z' from made`,
    [articleId],
  );
  await sql(
    databaseUrl,
    `update publication_event e
        set story_id = sa.story_id,
            created_at = case e.kind when 'published' then timestamptz '2026-02-26T08:00:00Z' else timestamptz '2026-03-01T09:00:00Z' end
       from story_article sa
      where sa.article_id = e.article_id and e.article_id = $1`,
    [articleId],
  );
  await sql(
    databaseUrl,
    `insert into story_report (story_id, key, outlet, title, link, arrived_at)
     select story_id, 'https://wire.example/grid-queue', 'Global Wire', 'Regulator publishes the grid queue figures', 'https://wire.example/grid-queue', '2026-03-01T15:00:00Z'
       from story_article where article_id = $1`,
    [articleId],
  );
}

/** Writes the suite's articles, comments, messages, topics, refresh and analytics; returns nothing to wait for. */
export async function seedVisualData(databaseUrl: string): Promise<void> {
  const ids: number[] = [];
  for (const [index, article] of ARTICLES.entries()) ids.push(await insertArticle(databaseUrl, article, true, index === 0 ? 2 : 0));
  const draftId = await insertArticle(databaseUrl, DRAFT, false);
  await sql(
    databaseUrl,
    `insert into comment (article_id, author_name, content, ai_response, client_hash, created_at) values
       ($1, 'Ada', 'The transformer point is the one nobody talks about.', 'Transformers: the other kind, and just as scarce.', 'visual', '2026-02-27T12:00:00Z'),
       ($1, 'Grace', 'Could small reactors change this?', 'Eventually. The grid queue moves faster than reactor licensing, which says a lot.', 'visual', '2026-02-28T08:30:00Z')`,
    [ids[0]],
  );
  // A correction with a fixed date: the article page's notes and the /corrections page.
  await sql(databaseUrl, `update article set corrections = $1::jsonb where id = $2`, [
    JSON.stringify([
      {
        id: 'visual-correction',
        kind: 'correction',
        text: 'An earlier version gave the wait for a grid connection as seven years; the regulator’s figure is five.',
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    ]),
    ids[0],
  ]);
  await sql(
    databaseUrl,
    `insert into contact_submission (name, email, subject, message, submitted_at) values
       ('Grace Hopper', 'grace@example.com', 'A bug in your prose', 'Found a moth in paragraph three.', '2026-02-28T10:00:00Z'),
       ('Alan Turing', 'alan@example.com', 'Partnership', 'Could your persona pass my test?', '2026-03-01T16:45:00Z')`,
  );
  await sql(
    databaseUrl,
    `insert into trending_topic (topic, source, priority, category, mentions, trend, status, created_at, updated_at, last_seen_at) values
       ('Central bank keeps interest rates on hold, hints at cuts in spring', 'Global Wire', 'high', 'Economics', 5, 'rising', 'new', '2026-03-02T06:00:00Z', '2026-03-02T06:00:00Z', '2026-03-02T06:00:00Z'),
       ('New export rules tighten sales of advanced AI chips', 'Tech Current', 'high', 'Technology', 4, 'steady', 'new', '2026-03-02T06:00:00Z', '2026-03-02T06:00:00Z', '2026-03-02T06:00:00Z'),
       ('Four-day week trial finds productivity held steady', 'Markets Desk', 'normal', 'Economics', 2, 'falling', 'new', '2026-03-02T06:00:00Z', '2026-03-02T06:00:00Z', '2026-03-02T06:00:00Z')`,
  );
  await seedOutlets(databaseUrl);
  await seedStory(databaseUrl, ids[0]!);
  await insertAnalytics(databaseUrl);
  await sql(
    databaseUrl,
    `insert into trending_refresh (trigger, started_at, finished_at, item_count, topic_count, failed_sources) values ('schedule', '2026-03-02T05:59:58Z', '2026-03-02T06:00:00Z', 9, 3, 0)`,
  );
  await seedNewsletter(databaseUrl);
  await sql(
    databaseUrl,
    `insert into approved_topic (topic, category, status, approved_by, approved_at, article_id) values ('Ports brace for a busy spring season', 'Global Events', 'blog_received', 'admin', '2026-03-01T07:30:00Z', $1)`,
    [draftId],
  );
}

/**
 * The outlet list, and the rates story covered by three outlets of two owners (the Ledger group's two
 * count once, both filed under one side): Trending Topics shows each topic's mix, the Newsroom tab the list.
 */
async function seedOutlets(databaseUrl: string): Promise<void> {
  await sql(
    databaseUrl,
    `insert into outlet (name, owner, side, notes, updated_at, updated_by) values
       ('Markets Desk', 'Ledger Media Group', 'business press', 'Same owner as The Daily Ledger.', '2026-03-01T08:00:00Z', 'owner'),
       ('The Daily Ledger', 'Ledger Media Group', 'business press', '', '2026-03-01T08:00:00Z', 'owner'),
       ('Global Wire', 'Global Wire Cooperative', null, 'A news agency owned by its member papers.', '2026-03-01T08:00:00Z', 'owner')`,
  );
  const item = (source: string, slug: string) => ({
    source,
    title: 'Central bank holds rates',
    link: `https://${slug}.example/rates`,
    summary: '',
    publishedAt: '2026-03-02T05:00:00Z',
  });
  await sql(databaseUrl, `update trending_topic set items = $1::jsonb where topic like 'Central bank keeps interest rates%'`, [
    JSON.stringify([item('Global Wire', 'globalwire'), item('Markets Desk', 'marketsdesk'), item('The Daily Ledger', 'dailyledger')]),
  ]);
}

/** Readers in each state and one digest sent to them, one address refused by the server. */
async function seedNewsletter(databaseUrl: string): Promise<void> {
  const subscribers = await sql<{ id: number; email: string }>(
    databaseUrl,
    `insert into newsletter_subscriber (email, status, consent_text, consent_source, consent_at, confirmed_at, unsubscribed_at, created_at) values
       ('ada@example.com', 'confirmed', 'visual consent', '/about', '2026-02-20T09:00:00Z', '2026-02-20T09:05:00Z', null, '2026-02-20T09:00:00Z'),
       ('grace@example.com', 'confirmed', 'visual consent', '/', '2026-02-22T18:30:00Z', '2026-02-22T18:41:00Z', null, '2026-02-22T18:30:00Z'),
       ('no-such-reader@example.com', 'bounced', 'visual consent', '/contact', '2026-02-24T07:10:00Z', '2026-02-24T07:12:00Z', null, '2026-02-24T07:10:00Z'),
       ('alan@example.com', 'unsubscribed', 'visual consent', '/category/ai-insights', '2026-02-25T12:00:00Z', '2026-02-25T12:02:00Z', '2026-03-01T10:00:00Z', '2026-02-25T12:00:00Z'),
       ('new-reader@example.com', 'pending', 'visual consent', '/inspiring', '2026-03-01T20:15:00Z', null, null, '2026-03-01T20:15:00Z')
     returning id, email`,
  );
  const [digest] = await sql<{ id: number }>(
    databaseUrl,
    `insert into newsletter_digest (trigger, requested_by, period_from, period_until, subject, html, text, article_count, recipient_count, status, created_at, finished_at)
     values ('manual', 'admin', '2026-02-23T08:00:00Z', '2026-03-02T08:00:00Z', 'The AI Mind: 3 new articles', '<p>Digest</p>', 'Digest', 3, 3, 'sent', '2026-03-02T08:00:00Z', '2026-03-02T08:00:04Z') returning id`,
  );
  const idOf = (email: string) => subscribers.find((row) => row.email === email)!.id;
  await sql(
    databaseUrl,
    `insert into newsletter_delivery (digest_id, subscriber_id, status, attempts, sent_at, last_error) values
       ($1, $2, 'sent', 1, '2026-03-02T08:00:02Z', null), ($1, $3, 'sent', 1, '2026-03-02T08:00:02Z', null),
       ($1, $4, 'failed', 1, null, '550 EENVELOPE 5.1.1 mailbox unavailable')`,
    [digest!.id, idOf('ada@example.com'), idOf('grace@example.com'), idOf('no-such-reader@example.com')],
  );
}

/**
 * The audit trail as of FROZEN_NOW: the suite's own sign-ins are written with the real time, so the
 * Audit tab is photographed over these rows instead.
 */
export async function resetAuditLog(databaseUrl: string): Promise<void> {
  await sql(databaseUrl, 'delete from audit_log');
  await sql(
    databaseUrl,
    `insert into audit_log (actor, action, target_id, status, ip, request_id, path, created_at) values
       ('admin', 'POST /api/admin/login', null, 200, '127.0.0.1', 'visual-1', '/api/admin/login', '2026-03-02T08:00:00Z'),
       ('admin', 'PUT /api/admin/articles/:id', '1', 200, '127.0.0.1', 'visual-2', '/api/admin/articles/1', '2026-03-02T08:05:00Z'),
       (null, 'GET /api/admin/articles', null, 401, '203.0.113.9', 'visual-3', '/api/admin/articles', '2026-03-02T09:12:00Z')`,
  );
}

/**
 * The People tab's accounts: the demo owner, an editor, a writer still waiting on the link of their
 * invitation and a disabled writer, with fixed sign-in times (the suite's own sign-in included).
 */
export async function resetPeople(databaseUrl: string): Promise<void> {
  const someHash = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$c29tZWhhc2g';
  await sql(
    databaseUrl,
    `insert into admin_user (username, display_name, email, role, status, password_hash, created_at, last_login_at) values
       ('sam', 'Sam Okafor', 'sam@example.com', 'editor', 'active', $1, '2026-03-01T08:00:00Z', '2026-03-02T10:30:00Z'),
       ('wren', 'Wren Castillo', 'wren@example.com', 'writer', 'active', null, '2026-03-01T09:00:00Z', null),
       ('lee', 'Lee Marsh', 'lee@example.com', 'writer', 'disabled', $1, '2026-02-01T09:00:00Z', '2026-02-20T16:45:00Z')
     on conflict (username) do nothing`,
    [someHash],
  );
  await sql(databaseUrl, `update admin_user set last_login_at = '2026-03-02T08:00:00Z' where role = 'owner'`);
  await sql(
    databaseUrl,
    `insert into admin_password_link (token_hash, user_id, purpose, created_by, expires_at)
     select repeat('a', 64), id, 'invite', 'admin', '2099-01-01T12:00:00Z' from admin_user where username = 'wren'
     on conflict do nothing`,
  );
}
