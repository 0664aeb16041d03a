import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { SIGN_IN_CODE_MAILER } from '../auth/index.js';
import { PublicRecordModule } from '../public-record/index.js';
import { DigestService } from './digest.service.js';
import { Mailer } from './mailer.js';
import { NewsletterAdminController } from './newsletter-admin.controller.js';
import { NewsletterAdminService } from './newsletter-admin.service.js';
import { NewsletterFormController } from './newsletter-form.controller.js';
import { NewsletterLinksController } from './newsletter-links.controller.js';
import { NewsletterSecret } from './newsletter-secret.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';
import { ReaderMailPolicy } from './reader-mail-policy.js';

@Module({
  // The public record gives every article's label its sources, engine and claims, in whichever process renders a digest.
  imports: [ArticlesModule, PublicRecordModule],
  controllers: [NewsletterController, NewsletterFormController, NewsletterLinksController, NewsletterAdminController],
  providers: [
    NewsletterService,
    NewsletterSecret,
    Mailer,
    // The auth module's sign-in codes are mailed by this module's mailer (auth declares only the shape).
    { provide: SIGN_IN_CODE_MAILER, useExisting: Mailer },
    DigestService,
    NewsletterAdminService,
    ReaderMailPolicy,
  ],
  exports: [NewsletterService, NewsletterSecret, Mailer, DigestService, ReaderMailPolicy],
})
export class NewsletterModule {}
