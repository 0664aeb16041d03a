// The newsletter module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { NewsletterJobsModule } from './newsletter.jobs.module.js';
export { NewsletterModule } from './newsletter.module.js';
export { Mailer } from './mailer.js';
export { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
export { NewsletterDelivery } from './newsletter-delivery.entity.js';
export { NewsletterDigest } from './newsletter-digest.entity.js';
export { NewsletterSettings } from './newsletter-settings.entity.js';
export { NewsletterSuppression } from './newsletter-suppression.entity.js';
export { NEWSLETTER_ENTITIES } from './tables.js';
