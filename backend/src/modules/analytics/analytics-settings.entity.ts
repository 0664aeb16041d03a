import { defineEntity, p } from '@mikro-orm/core';

/** The one row (id 1) of analytics settings: the secret that signs the pages' page-view tokens. */
export const AnalyticsSettingsSchema = defineEntity({
  name: 'AnalyticsSettings',
  tableName: 'analytics_settings',
  properties: {
    id: p.smallint().primary().autoincrement(false).default(1),
    /** Made once by the migration, read by every API process. */
    signingSecret: p.text(),
  },
  checks: [{ name: 'analytics_settings_single_check', expression: 'id = 1' }],
});

export class AnalyticsSettings extends AnalyticsSettingsSchema.class {}
AnalyticsSettingsSchema.setClass(AnalyticsSettings);
