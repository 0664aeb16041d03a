/**
 * The Redis database of each suite that needs its own: the suites run side by side, and a worker one
 * suite starts takes every job queued in its database, so two suites sharing one would run each
 * other's jobs against the wrong PostgreSQL (a recovery restoring nothing, a confirmation never mailed).
 * A suite's number is its place in this list, so no two suites can share one (database 0 is the
 * suites' common one).
 */
const SUITES = [
  'scheduled-publishing',
  'admin-articles',
  'admin-at-scale',
  'admin-events',
  'analytics-dashboard',
  'article-history',
  'review-stage',
  'trending-refresh',
  'trending-refresh schedule',
  'trending-refresh wait',
  'ai-jobs',
  'engagement',
  'workflow',
  'seo',
  'articles-list',
  'newsletter-digest',
  'newsletter',
  'recovery',
  'recovery-no-worker',
  'shared-cache',
  'images',
  'interactions-group-commit',
  'article-races',
  'multi-instance',
  'automation',
  'jobs',
  'source-watch',
  'independent-sources',
  'follows',
  'stories',
  'fediverse',
] as const;

/** The databases of the tests' redis-server (global-setup.mjs starts it with as many). */
const TEST_REDIS_DATABASES = 32;

/** The URL of `suite`'s own Redis database. */
export function suiteRedisUrl(suite: (typeof SUITES)[number]): string {
  const database = SUITES.indexOf(suite) + 1;
  if (database >= TEST_REDIS_DATABASES) throw new Error(`More suites than the tests' ${TEST_REDIS_DATABASES} Redis databases: start it with more`);
  return `${process.env.REDIS_URL}/${database}`;
}
