import { defineEntity, p } from '@mikro-orm/core';
import type { NewsroomTextKey } from '@ai-mind/contracts';

/** Every version of a newsroom text as it was written, by whom and when (the newsroom_page_history trigger writes it). */
export const NewsroomPageRevisionSchema = defineEntity({
  name: 'NewsroomPageRevision',
  tableName: 'newsroom_page_revision',
  properties: {
    id: p.integer().primary().autoincrement(),
    pageKey: p.string().length(40).$type<NewsroomTextKey>(),
    body: p.text(),
    changedAt: p.datetime(),
    changedBy: p.string().length(100),
  },
  indexes: [{ name: 'newsroom_page_revision_page_key_index', properties: ['pageKey', 'id'] }],
});

export class NewsroomPageRevision extends NewsroomPageRevisionSchema.class {}
NewsroomPageRevisionSchema.setClass(NewsroomPageRevision);
