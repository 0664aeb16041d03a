import { defineEntity, p } from '@mikro-orm/core';
import type { NewsroomTextKey } from '@ai-mind/contracts';
import { triggersOn } from '../../database/schema/functions.js';
import { newsroomSql } from './newsroom.sql.js';

/**
 * One of the newsroom's published promises (publishing principles, corrections policy, ethics and AI
 * policy, masthead text, ownership and funding): its sanitized HTML and who changed it last. A row
 * exists once the owner (or the demo seed) wrote the text; a page without one shows the shipped text.
 */
export const NewsroomPageSchema = defineEntity({
  name: 'NewsroomPage',
  tableName: 'newsroom_page',
  properties: {
    key: p.string().length(40).primary().$type<NewsroomTextKey>(),
    /** Sanitized HTML (sanitizeNewsroomHtml), bounded by NEWSROOM_TEXT_MAX_CHARS and a check. */
    body: p.text(),
    updatedAt: p.datetime().defaultRaw('now()'),
    /** The account that wrote it (its username), or `seed` / `sql:<role>`. */
    updatedBy: p.string().length(100),
  },
  checks: [
    {
      name: 'newsroom_page_key_check',
      expression: `key in ('publishingPrinciples', 'correctionsPolicy', 'ethicsPolicy', 'masthead', 'ownershipFunding')`,
    },
    { name: 'newsroom_page_body_check', expression: 'char_length(body) <= 60000' },
  ],
  // Declared in newsroom.sql.ts: every change keeps a revision, purges the pages and tells every API process.
  triggers: triggersOn('newsroom_page', newsroomSql),
});

export class NewsroomPage extends NewsroomPageSchema.class {}
NewsroomPageSchema.setClass(NewsroomPage);
