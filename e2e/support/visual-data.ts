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

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

async function insertArticle(databaseUrl: string, article: { title: string; category: string; date: string; body: string; likes?: number; shares?: number }, approved: boolean, comments = 0): Promise<number> {
  const [row] = await sql(
    databaseUrl,
    `insert into article (title, slug, content, category, ai_commentary, likes, shares, comments, approved, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
    [article.title, slug(article.title), article.body, article.category, `The AI Mind notes: ${article.title.toLowerCase()} is worth a second look.`, article.likes ?? 0, article.shares ?? 0, comments, approved, article.date],
  );
  return (row as { id: number }).id;
}

/** Writes the suite's articles, comments, messages, topics and refresh; returns nothing to wait for. */
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
    JSON.stringify([{ id: 'visual-correction', kind: 'correction', text: 'An earlier version gave the wait for a grid connection as seven years; the regulator’s figure is five.', createdAt: '2026-03-01T09:00:00.000Z' }]),
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
  await sql(databaseUrl, `insert into trending_refresh (trigger, started_at, finished_at, item_count, topic_count, failed_sources) values ('schedule', '2026-03-02T05:59:58Z', '2026-03-02T06:00:00Z', 9, 3, 0)`);
  await sql(
    databaseUrl,
    `insert into approved_topic (topic, category, status, approved_by, approved_at, article_id) values ('Ports brace for a busy spring season', 'Global Events', 'blog_received', 'admin', '2026-03-01T07:30:00Z', $1)`,
    [draftId],
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
