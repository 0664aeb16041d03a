import { defineEntity, p } from '@mikro-orm/core';
import { triggersOf } from '../../database/schema/functions.js';

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
  // Declared in database/schema/functions.ts.
  triggers: triggersOf('page_view'),
});

export class PageView extends PageViewSchema.class {}
PageViewSchema.setClass(PageView);
