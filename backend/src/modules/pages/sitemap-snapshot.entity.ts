import { defineEntity, p } from '@mikro-orm/core';

/** A generated sitemap (gzip-compressed XML), kept so recovery can tell which article URLs were public. */
export const SitemapSnapshotSchema = defineEntity({
  name: 'SitemapSnapshot',
  tableName: 'sitemap_snapshot',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** sha256 of the article paths listed, so an unchanged sitemap is not stored again. */
    digest: p.string().length(64),
    urlCount: p.integer(),
    xml: p.blob(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});

export class SitemapSnapshot extends SitemapSnapshotSchema.class {}
SitemapSnapshotSchema.setClass(SitemapSnapshot);
