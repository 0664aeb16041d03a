import { sql } from './sql.mjs';

/**
 * An article whose sentences were checked against two sources, written in SQL as the product keeps it:
 * the approved topic and its frozen sources, the claim check and its claims (two supported, one no
 * source supports), published with that one overridden by an editor. With `note`, the publish is one
 * transaction that carries the review note (`ai_mind.note`) and overrides the claim, as a publish step
 * does; without it, the article is inserted published and the override has the fixed time
 * `overriddenAt` and no note (for screenshots: nothing on the page depends on the day they are taken).
 */
export const CLAIM_ARTICLE = {
  supported: [
    {
      sentence: 'Markets Desk reports that builders started the fewest homes in three years in October [1].',
      source: 1,
      passage: 'Builders started the fewest homes in three years in October.',
    },
    {
      sentence: 'The Daily Ledger reports that borrowing costs kept many builders away from new projects [2].',
      source: 2,
      passage: 'Borrowing costs kept many builders away from new projects.',
    },
  ],
  planted: 'The finance minister resigned after a stormy cabinet meeting on Tuesday [1].',
  outlets: ['Markets Desk', 'The Daily Ledger'],
} as const;

const BODY = `<p>${CLAIM_ARTICLE.supported[0].sentence} ${CLAIM_ARTICLE.supported[1].sentence}</p><p>${CLAIM_ARTICLE.planted}</p><h2>The AI Mind's take</h2><p>Builders will start again when money is cheaper, and not a day before [2].</p>`;

/** SQL text literal (the values here are the suite's own). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function seedClaimArticle(
  databaseUrl: string,
  options: { title: string; slug: string; createdAt: string; note?: string; overriddenAt?: string },
): Promise<{ id: number; slug: string }> {
  const [article] = await sql<{ id: number }>(
    databaseUrl,
    `insert into article (title, slug, content, category, ai_commentary, approved, created_at, updated_at)
     values ($1, $2, $3, 'Global Events', 'The AI Mind notes: houses are built with money, mostly.', $5, $4, $4) returning id`,
    // Without a note it is inserted published: no publish revision, so no date of today on the page.
    [options.title, options.slug, BODY, options.createdAt, options.note === undefined],
  );
  const id = article!.id;
  const [topic] = await sql<{ id: number }>(
    databaseUrl,
    `insert into approved_topic (topic, category, status, approved_by, approved_at, article_id) values ($1, 'Global Events', 'blog_received', 'admin', $2, $3) returning id`,
    [options.title, options.createdAt, id],
  );
  await sql(
    databaseUrl,
    `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, published_at, fetch_status, fetched_at, content_hash, text) values
       ($1, 1, 'Markets Desk', 'Housing starts fall to a three-year low', 'Starts fell.', 'https://markets.example/housing-starts', $2, 'fetched', $2, 'ab',
        'Builders started the fewest homes in three years in October. Starts fell for a fourth month in a row.'),
       ($1, 2, 'The Daily Ledger', 'Builders wait for cheaper money', 'Builders wait.', 'https://ledger.example/builders-wait', $2, 'fetched', $2, 'cd',
        'Borrowing costs kept many builders away from new projects. Permits slipped in every region.')`,
    [topic!.id, options.createdAt],
  );
  await sql(databaseUrl, `insert into article_claim_check (article_id, article_version, checked_at) select id, version, $2 from article where id = $1`, [
    id,
    options.createdAt,
  ]);
  const [first, second] = CLAIM_ARTICLE.supported;
  await sql(
    databaseUrl,
    `insert into article_claim (article_id, position, sentence, source_number, passage, score, flags) values
       ($1, 0, $2, 1, $3, 1, '{}'), ($1, 1, $4, 2, $5, 1, '{}'), ($1, 2, $6, null, null, 0, '{unsupported}')`,
    [id, first.sentence, first.passage, second.sentence, second.passage, CLAIM_ARTICLE.planted],
  );
  if (options.note !== undefined) {
    // One transaction, as a publish step over an open flag is: its revision carries the note, and the
    // claim's override the same time.
    await sql(
      databaseUrl,
      `begin;
       select set_config('ai_mind.note', ${literal(options.note)}, true);
       update article set approved = true where id = ${id};
       update article_claim set overridden_by = 'admin', overridden_at = now() where article_id = ${id} and cardinality(flags) > 0;
       commit;`,
    );
  } else {
    await sql(databaseUrl, `update article_claim set overridden_by = 'admin', overridden_at = $2 where article_id = $1 and cardinality(flags) > 0`, [
      id,
      options.overriddenAt ?? options.createdAt,
    ]);
  }
  return { id, slug: options.slug };
}
