import { defineEntity, p } from '@mikro-orm/core';
import type { AccountStatus } from '@ai-mind/contracts';
import type { Role } from './permissions.js';
import { triggersOn } from '../../database/schema/functions.js';
import { accountPurgeSql } from './account-purge.sql.js';

export const AdminUserSchema = defineEntity({
  name: 'AdminUser',
  tableName: 'admin_user',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string().length(100).unique(),
    displayName: p.string().length(100),
    email: p.string().length(320).nullable(),
    /** owner, editor or writer (a check constraint); see ROLE_PERMISSIONS. */
    role: p.string().length(20).$type<Role>(),
    /** active or disabled (a check constraint): a disabled account cannot sign in. */
    status: p.string().length(20).$type<AccountStatus>().default('active'),
    /** argon2id, PHC string format; null while the account waits for its person to set one by link. */
    passwordHash: p.string().length(200).nullable().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
  },
  // One account per address, whatever its case: an expression index (people migration).
  indexes: [{ name: 'admin_user_email_unique', expression: 'create unique index "admin_user_email_unique" on "admin_user" (lower("email"))' }],
  checks: [
    { name: 'admin_user_role_check', expression: `role in ('owner', 'editor', 'writer')` },
    { name: 'admin_user_status_check', expression: `status in ('active', 'disabled')` },
  ],
  // Declared in account-purge.sql.ts: a name or status change purges the public masthead.
  triggers: triggersOn('admin_user', accountPurgeSql),
});

export class AdminUser extends AdminUserSchema.class {}
AdminUserSchema.setClass(AdminUser);
