import { defineEntity, p } from '@mikro-orm/core';

/**
 * The one row (id 1) of the owner's fediverse setting: whether a reply from the fediverse is published
 * as a comment at once, or held in the Fediverse tab's moderation queue (the default).
 */
export const FediverseSettingsSchema = defineEntity({
  name: 'FediverseSettings',
  tableName: 'fediverse_settings',
  properties: {
    id: p.smallint().primary().autoincrement(false).default(1),
    publishReplies: p.boolean().default(false),
    updatedAt: p.datetime().nullable(),
    updatedBy: p.string().length(100).nullable(),
  },
  checks: [{ name: 'fediverse_settings_single_check', expression: 'id = 1' }],
});

export class FediverseSettings extends FediverseSettingsSchema.class {}
FediverseSettingsSchema.setClass(FediverseSettings);
