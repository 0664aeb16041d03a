import { defineEntity, p, type Opt } from '@mikro-orm/core';
import type { NewsletterSchedule } from '@ai-mind/contracts';

/** The one row (id 1) of newsletter settings: the digest schedule and the secret that signs the emails' links. */
export const NewsletterSettingsSchema = defineEntity({
  name: 'NewsletterSettings',
  tableName: 'newsletter_settings',
  properties: {
    id: p.smallint().primary().autoincrement(false).default(1),
    cadence: p.string().length(10).$type<Opt<NewsletterSchedule['cadence']>>().default('off'),
    weekday: p.smallint().default(0),
    sendTime: p.character().length(5).default('08:00'),
    /** Made once by the migration, read by every API and worker process. */
    signingSecret: p.text(),
    scheduleChangedAt: p.datetime().defaultRaw('now()'),
    updatedBy: p.string().length(100).nullable(),
  },
  checks: [
    { name: 'newsletter_settings_single_check', expression: 'id = 1' },
    { name: 'newsletter_settings_cadence_check', expression: `cadence in ('off', 'daily', 'weekly')` },
    { name: 'newsletter_settings_weekday_check', expression: 'weekday >= 0 and weekday <= 6' },
    { name: 'newsletter_settings_send_time_check', expression: `send_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'` },
  ],
});

export class NewsletterSettings extends NewsletterSettingsSchema.class {}
NewsletterSettingsSchema.setClass(NewsletterSettings);
