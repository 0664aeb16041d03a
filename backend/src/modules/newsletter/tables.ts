import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { NewsletterDelivery } from './newsletter-delivery.entity.js';
import { NewsletterDigest } from './newsletter-digest.entity.js';
import { NewsletterSettings } from './newsletter-settings.entity.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
import { NewsletterSuppression } from './newsletter-suppression.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const NEWSLETTER_ENTITIES = [NewsletterDelivery, NewsletterDigest, NewsletterSettings, NewsletterSubscriber, NewsletterSuppression] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    newsletter: typeof NEWSLETTER_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const newsletterDb = moduleDatabase<typeof NEWSLETTER_ENTITIES, 'admin_user'>();

/** The tables newsletterDb sees, for helpers that take part of a query. */
export type NewsletterDatabase = DatabaseOfModule<typeof newsletterDb>;
