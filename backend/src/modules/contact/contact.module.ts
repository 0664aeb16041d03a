import { Module } from '@nestjs/common';
import { ContactFormController } from './contact-form.controller.js';
import { ContactAdminController } from './contact-admin.controller.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';

@Module({ controllers: [ContactController, ContactFormController, ContactAdminController], providers: [ContactService], exports: [ContactService] })
export class ContactModule {}
