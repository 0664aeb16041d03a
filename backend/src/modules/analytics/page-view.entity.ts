import { defineEntity, p } from '@mikro-orm/core';
import { triggersOn } from '../../database/schema/functions.js';
import { pageViewRollupSql } from './page-view-rollup.sql.js';

/** First-party, consent-gated page views: no cookies, no client identifiers. */
export const PageViewSchema = defineEntity({
  name: 'PageView',
  tableName: 'page_view',
  properties: {
    id: p.bigint().primary().autoincrement(),
    path: p.string().length(500),
    title: p.string().length(300).nullable(),
    source: p.string().length(100),
    country: p.string().length(2).nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
  // Declared in page-view-rollup.sql.ts.
  triggers: triggersOn('page_view', pageViewRollupSql),
});

export class PageView extends PageViewSchema.class {}
PageViewSchema.setClass(PageView);
