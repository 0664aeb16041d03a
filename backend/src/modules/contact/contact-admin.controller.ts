import { Controller, Get } from '@nestjs/common';
import type { ContactSubmission } from '@ai-mind/contracts';
import { ContactService, toContactSubmissionDto } from './contact.service.js';

@Controller('admin/contact-submissions')
export class ContactAdminController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  async list(): Promise<ContactSubmission[]> {
    return (await this.contact.listRecent()).map(toContactSubmissionDto);
  }
}
