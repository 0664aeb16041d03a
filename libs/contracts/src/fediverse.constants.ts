// The fediverse's constants, without zod: the pages' head (seo.ts) names them, and the web entry must not reach a schema.

/** The site's ActivityPub actor: its id, named by the home page's `<link rel="alternate">` (docs/fediverse.md). */
export const FEDIVERSE_ACTOR_PATH = '/ap/actor/site';
/** The media type of ActivityPub documents; an article's page answers it with the article's object. */
export const ACTIVITY_JSON = 'application/activity+json';
