import { defineEntity, p } from '@mikro-orm/core';

export const AdminUserSchema = defineEntity({
  name: 'AdminUser',
  tableName: 'admin_user',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string().length(100).unique(),
    /** argon2id, PHC string format. */
    passwordHash: p.string().length(200).hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
  },
});

export class AdminUser extends AdminUserSchema.class {}
AdminUserSchema.setClass(AdminUser);
