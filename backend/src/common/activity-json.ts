/**
 * Whether a request asks for ActivityPub JSON rather than the page: its Accept names
 * application/activity+json, or JSON-LD with the ActivityStreams profile, as fediverse servers send.
 * Kept dependency-free: the HTTP server asks it before any route runs (prepared answers are pages).
 */
export function wantsActivityJson(accept: string | string[] | undefined): boolean {
  const text = Array.isArray(accept) ? accept.join(',') : accept;
  if (!text) return false;
  const lower = text.toLowerCase();
  return lower.includes('application/activity+json') || (lower.includes('application/ld+json') && lower.includes('activitystreams'));
}
