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
// What the follows module shares of the list's mail: its signing key and signed tokens, the mailbox limits, the email frame and headers.
export { NewsletterSecret } from './newsletter-secret.js';
export { ReaderMailPolicy } from './reader-mail-policy.js';
export { confirmationToken, readToken, tokenValid, unsubscribeToken, type TokenPurpose, type TokenSubject } from './newsletter-tokens.js';
export { frame, listUnsubscribeHeaders, type RenderedEmail } from './newsletter-emails.js';
export { failureIsPermanent, failureText, type OutgoingMail } from './mailer.js';
