import { Module } from '@nestjs/common';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';

@Module({ controllers: [NewsletterController], providers: [NewsletterService] })
export class NewsletterModule {}
