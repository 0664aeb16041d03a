import { Module } from '@nestjs/common';
import { DigestSenderService } from './digest-sender.service.js';
import { NewsletterScheduleService } from './newsletter-schedule.service.js';
import { NewsletterSendProcessor } from './newsletter-send.processor.js';
import { NewsletterModule } from './newsletter.module.js';
import { NewsletterProcessor } from './newsletter.processor.js';

/** Worker side of the newsletter: confirmation emails, the digest schedule and the digests' senders. */
@Module({ imports: [NewsletterModule], providers: [DigestSenderService, NewsletterProcessor, NewsletterSendProcessor, NewsletterScheduleService] })
export class NewsletterJobsModule {}
