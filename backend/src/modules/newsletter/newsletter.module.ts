import { Module } from '@nestjs/common';
import { NewsletterFormController } from './newsletter-form.controller.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';

@Module({ controllers: [NewsletterController, NewsletterFormController], providers: [NewsletterService] })
export class NewsletterModule {}
