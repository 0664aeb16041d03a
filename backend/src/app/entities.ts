import { ADMIN_ENTITIES } from '../modules/admin/index.js';
import { ANALYTICS_ENTITIES } from '../modules/analytics/index.js';
import { ARTICLES_ENTITIES } from '../modules/articles/index.js';
import { AUTH_ENTITIES } from '../modules/auth/index.js';
import { COMMENTS_ENTITIES } from '../modules/comments/index.js';
import { CONTACT_ENTITIES } from '../modules/contact/index.js';
import { ERROR_REPORTS_ENTITIES } from '../modules/error-reports/index.js';
import { HTTP_CACHE_ENTITIES } from '../modules/http-cache/index.js';
import { INTERACTIONS_ENTITIES } from '../modules/interactions/index.js';
import { FOLLOWS_ENTITIES } from '../modules/follows/index.js';
import { NEWSLETTER_ENTITIES } from '../modules/newsletter/index.js';
import { NEWSROOM_ENTITIES } from '../modules/newsroom/index.js';
import { OUTLETS_ENTITIES } from '../modules/outlets/index.js';
import { FEDIVERSE_ENTITIES } from '../modules/fediverse/index.js';
import { PEOPLE_ENTITIES } from '../modules/people/index.js';
import { PROVENANCE_ENTITIES } from '../modules/provenance/index.js';
import { RECOVERY_ENTITIES } from '../modules/recovery/index.js';
import { SOURCE_WATCH_ENTITIES } from '../modules/source-watch/index.js';
import { STORIES_ENTITIES } from '../modules/stories/index.js';
import { PAGES_ENTITIES } from '../modules/pages/index.js';
import { TRENDING_ENTITIES } from '../modules/trending/index.js';
import { WORKFLOW_ENTITIES } from '../modules/workflow/index.js';
import { SeedRun } from '../database/seed-run.entity.js';
import { moduleDatabase, type DatabaseOf, type RegisteredEntity } from '../database/kysely.js';

/**
 * Every entity, listed explicitly by the module that owns its table (its `tables.ts`): no folder scanning,
 * so the built and the test runs see the same set. Only the composition root sees them all.
 */
export const ENTITIES = [
  ...ADMIN_ENTITIES,
  ...ANALYTICS_ENTITIES,
  ...ARTICLES_ENTITIES,
  ...AUTH_ENTITIES,
  ...COMMENTS_ENTITIES,
  ...CONTACT_ENTITIES,
  ...ERROR_REPORTS_ENTITIES,
  ...HTTP_CACHE_ENTITIES,
  ...INTERACTIONS_ENTITIES,
  ...FOLLOWS_ENTITIES,
  ...NEWSLETTER_ENTITIES,
  ...NEWSROOM_ENTITIES,
  ...OUTLETS_ENTITIES,
  ...FEDIVERSE_ENTITIES,
  ...PEOPLE_ENTITIES,
  ...PROVENANCE_ENTITIES,
  ...RECOVERY_ENTITIES,
  ...SOURCE_WATCH_ENTITIES,
  ...STORIES_ENTITIES,
  ...PAGES_ENTITIES,
  ...TRENDING_ENTITIES,
  ...WORKFLOW_ENTITIES,
  SeedRun,
] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The modules' own declarations (ModuleEntities, by which a module names the tables it reads) are these
 * entities, and the ORM is given no other: a module that forgets either fails to compile here.
 */
export const ENTITIES_ARE_DECLARED: Same<RegisteredEntity | typeof SeedRun, (typeof ENTITIES)[number]> = true;

/** The whole database as Kysely sees it: for the composition root (the demo seeders, the CLI), never a module. */
export type Database = DatabaseOf<typeof ENTITIES>;

/** Queries over every table: the composition root's own work (the demo content), never a module's. */
export const appDb = moduleDatabase<typeof ENTITIES>();
