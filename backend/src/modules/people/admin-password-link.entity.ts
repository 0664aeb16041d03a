import { defineEntity, p } from '@mikro-orm/core';
import { AdminUser } from '../auth/index.js';

/** A one-time link with which a person sets their password (an invitation or a reset); only its hash is kept. */
export const AdminPasswordLinkSchema = defineEntity({
  name: 'AdminPasswordLink',
  tableName: 'admin_password_link',
  properties: {
    tokenHash: p.character().length(64).primary(),
    userId: p
      .manyToOne(AdminUser)
      .mapToPk()
      .joinColumn('user_id')
      .foreignKeyName('admin_password_link_user_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade')
      .index('admin_password_link_user_id_index'),
    purpose: p.string().length(20).$type<'invite' | 'reset'>(),
    createdBy: p.string().length(100),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    /** When it was used, or replaced by a newer link of the same account; unusable from then on. */
    usedAt: p.datetime().nullable(),
  },
  checks: [{ name: 'admin_password_link_purpose_check', expression: `purpose in ('invite', 'reset')` }],
});

export class AdminPasswordLink extends AdminPasswordLinkSchema.class {}
AdminPasswordLinkSchema.setClass(AdminPasswordLink);
