import type { FastifyRequest } from 'fastify';
import { roleMay } from '../auth/index.js';
import type { Reviewer } from './article-review.store.js';

/** The signed-in account as the review rules see it: editors and the owner edit any article, writers their own and assigned drafts. */
export function reviewerOf(request: FastifyRequest): Reviewer {
  const session = request.adminSession!;
  return { userId: session.userId, username: session.username, editsAny: roleMay(session.role, 'articles.publish') };
}
