import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, type AdminContactListQuery, type AdminContactSubmission, type ContactRequest } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { newestFirstPage } from '../../common/newest-first-page.js';
import { ContactSubmission } from './contact-submission.entity.js';

export interface ContactPage {
  items: AdminContactSubmission[];
  nextCursor: string | null;
  total: number;
}

interface Row {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  handled: boolean;
  submitted_at: Date;
}

export function toContactSubmissionDto(submission: Pick<ContactSubmission, 'id' | 'name' | 'email' | 'subject' | 'message' | 'submittedAt' | 'handled'>): AdminContactSubmission {
  return {
    handled: submission.handled,
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

  /** One page of messages, newest first, found by name, address, subject or text; with the exact count. */
  async page(query: AdminContactListQuery): Promise<ContactPage> {
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.search !== undefined) {
      where.push('(s.name ilike ? or s.email ilike ? or s.subject ilike ? or s.message ilike ?)');
      params.push(...Array<string>(4).fill(containing(query.search)));
    }
    if (query.handled !== undefined) {
      where.push('s.handled = ?');
      params.push(query.handled === 'true');
    }
    const { rows, nextCursor, total } = await newestFirstPage<Row>(
      this.em,
      { select: 's.id, s.name, s.email, s.subject, s.message, s.handled, s.submitted_at', from: 'contact_submission s', countFrom: 'contact_submission s', time: 's.submitted_at', id: 's.id' },
      { where, params },
      { cursor: query.cursor, limit },
    );
    return { items: rows.map((row) => toContactSubmissionDto({ ...row, submittedAt: new Date(row.submitted_at) })), nextCursor, total };
  }

  async markHandled(ids: number[], handled: boolean): Promise<number> {
    return (await this.em.fork().execute('update contact_submission set handled = ? where id in (?) and handled = ? returning id', [handled, ids, !handled])).length;
  }

  async delete(ids: number[]): Promise<number> {
    return (await this.em.fork().execute('delete from contact_submission where id in (?) returning id', [ids])).length;
  }
}
