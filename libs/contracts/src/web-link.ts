import { z } from './zod.js';

/** The longest web link the product keeps. */
export const WEB_LINK_MAX_LENGTH = 2000;

/**
 * A web link the product stores, to show as a link or to fetch later (an approved topic's source, a
 * generated blog's source, the reports a correction covers, a feed item's link): an absolute http(s)
 * URL and nothing else, so no `javascript:`, `data:`, `vbscript:` or `file:` link is ever kept, in any
 * case or spelling (the scheme is read as browsers read it, after leading spaces and control characters).
 */
export const WebLinkSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) link' })
  .trim()
  .max(WEB_LINK_MAX_LENGTH, `must be at most ${WEB_LINK_MAX_LENGTH} characters`);
