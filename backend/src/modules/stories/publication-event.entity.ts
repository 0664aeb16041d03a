import { defineEntity, p } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { Article } from '../articles/index.js';
import { Story } from './story.entity.js';

/** What a reader should hear of: an article's first publication, or an update or correction note added once it is published. */
export const PUBLICATION_EVENT_KINDS = ['published', 'update', 'correction'] as const;
export type PublicationEventKind = (typeof PUBLICATION_EVENT_KINDS)[number];

/**
 * One moment a reader should hear about, written by the database whatever published the article or
 * added the note (the article_publication_event trigger, stories.sql.ts), which NOTIFYs
 * `publication_event` with the row's id. story_id is the article's story then (null when it has none;
 * a merge or split moves the events with their article).
 */
export const PublicationEventSchema = defineEntity({
  name: 'PublicationEvent',
  tableName: 'publication_event',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    articleId: p
      .manyToOne(Article)
      .mapToPk()
      .joinColumn('article_id')
      .foreignKeyName('publication_event_article_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    storyId: p
      .manyToOne(Story)
      .mapToPk()
      .joinColumn('story_id')
      .foreignKeyName('publication_event_story_id_fkey')
      .nullable()
      .updateRule('no action')
      .deleteRule('set null'),
    /** The article's category in its comparable form (article.category_slug) when the event was written. */
    category: p.string().length(100),
    kind: p.text().$type<PublicationEventKind>(),
    /** The note's text (update or correction); null for a publication. */
    note: p.text().nullable(),
    /** The note's id in article.corrections, so a note is announced once. */
    noteId: p.string().length(100).nullable(),
    createdAt: p.datetime().$type<Opt<Date>>().defaultRaw('now()'),
  },
  indexes: [
    { name: 'publication_event_story_id_created_at_index', properties: ['storyId', 'createdAt'] },
    { name: 'publication_event_article_id_index', properties: ['articleId'] },
    {
      name: 'publication_event_note_once',
      expression: 'create unique index "publication_event_note_once" on "publication_event" ("article_id", "note_id") where "note_id" is not null',
    },
  ],
  checks: [{ name: 'publication_event_kind_check', expression: `kind in ('published', 'update', 'correction')` }],
});

export class PublicationEvent extends PublicationEventSchema.class {}
PublicationEventSchema.setClass(PublicationEvent);
