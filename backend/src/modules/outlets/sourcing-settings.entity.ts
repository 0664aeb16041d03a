import { defineEntity, p } from '@mikro-orm/core';

/** The one row (id 1) of the newsroom's sourcing rule: how many independent outlets a topic needs before the AI may write from it. */
export const SourcingSettingsSchema = defineEntity({
  name: 'SourcingSettings',
  tableName: 'sourcing_settings',
  properties: {
    id: p.smallint().primary().autoincrement(false).default(1),
    minIndependentOutlets: p.smallint().default(2),
    updatedAt: p.datetime().nullable(),
    updatedBy: p.string().length(100).nullable(),
  },
  checks: [
    { name: 'sourcing_settings_single_check', expression: 'id = 1' },
    { name: 'sourcing_settings_min_independent_outlets_check', expression: '((min_independent_outlets >= 1) AND (min_independent_outlets <= 10))' },
  ],
});

export class SourcingSettings extends SourcingSettingsSchema.class {}
SourcingSettingsSchema.setClass(SourcingSettings);
