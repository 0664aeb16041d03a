import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ContactRequest, ContactSubmission as ContactSubmissionDto } from '@ai-mind/contracts';
import { ContactSubmission } from './contact-submission.entity.js';

/** Upper bound of the admin's list of contact messages, newest first. */
export const CONTACT_LIST_LIMIT = 500;

export function toContactSubmissionDto(submission: ContactSubmission): ContactSubmissionDto {
  return {
    id: submission.id,
    name: submission.name,
    email: submission.email,
    subject: submission.subject,
    message: submission.message,
    submittedAt: submission.submittedAt.toISOString(),
  };
}

@Injectable()
export class ContactService {
  constructor(private readonly em: EntityManager) {}

  /** Stores a message for the admin; a filled honeypot (only bots see that field) is dropped silently. */
  async submit(request: ContactRequest): Promise<{ stored: boolean }> {
    if (request.website?.trim()) return { stored: false };
    const em = this.em.fork();
    em.create(ContactSubmission, { name: request.name, email: request.email, subject: request.subject, message: request.message });
    await em.flush();
    return { stored: true };
  }

  listRecent(): Promise<ContactSubmission[]> {
    return this.em.fork().find(ContactSubmission, {}, { orderBy: { submittedAt: 'desc', id: 'desc' }, limit: CONTACT_LIST_LIMIT });
  }
}
