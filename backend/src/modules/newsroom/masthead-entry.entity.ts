import { defineEntity, p } from '@mikro-orm/core';
import { AdminUser } from '../auth/index.js';
import { triggersOn } from '../../database/schema/functions.js';
import { newsroomSql } from './newsroom.sql.js';

/**
 * Whether an account agreed to be named on the public masthead, and the title it is named with. No
 * row, or `on_masthead` false: not named. The masthead shows the account's display name and this
 * title, nothing else (no address, no username).
 */
export const MastheadEntrySchema = defineEntity({
  name: 'MastheadEntry',
  tableName: 'masthead_entry',
  properties: {
    accountId: p
      .manyToOne(AdminUser)
      .mapToPk()
      .primary()
      .joinColumn('account_id')
      .foreignKeyName('masthead_entry_account_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    onMasthead: p.boolean().default(false),
    publicTitle: p.string().length(100).default(''),
    updatedAt: p.datetime().defaultRaw('now()'),
    updatedBy: p.string().length(100),
  },
  // Declared in newsroom.sql.ts: a change purges the masthead page and tells every API process.
  triggers: triggersOn('masthead_entry', newsroomSql),
});

export class MastheadEntry extends MastheadEntrySchema.class {}
MastheadEntrySchema.setClass(MastheadEntry);
