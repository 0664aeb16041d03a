import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, type AdminContactListQuery, type AdminContactSubmission, type ContactRequest } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { newestFirstPage } from '../../common/newest-first-page.js';
import { contactDb } from './tables.js';
import { ContactSubmission } from './contact-submission.entity.js';

export interface ContactPage {
  items: AdminContactSubmission[];
  nextCursor: string | null;
  total: number;
}

export function toContactSubmissionDto(
  submission: Pick<ContactSubmission, 'id' | 'name' | 'email' | 'subject' | 'message' | 'submittedAt' | 'handled'>,
): AdminContactSubmission {
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
    const { search, handled } = query;
    const filtered = contactDb(this.em.fork())
      .selectFrom('contact_submission as s')
      .$if(search !== undefined, (q) =>
        q.where((eb) => {
          const term = containing(search!);
          return eb.or([eb('s.name', 'ilike', term), eb('s.email', 'ilike', term), eb('s.subject', 'ilike', term), eb('s.message', 'ilike', term)]);
        }),
      )
      .$if(handled !== undefined, (q) => q.where('s.handled', '=', handled === 'true'));
    const { rows, nextCursor, total } = await newestFirstPage(
      filtered,
      { time: 's.submitted_at', id: 's.id' },
      (q) => q.select(['s.id', 's.name', 's.email', 's.subject', 's.message', 's.handled', 's.submitted_at']),
      { cursor: query.cursor, limit },
    );
    return { items: rows.map((row) => toContactSubmissionDto({ ...row, submittedAt: new Date(row.submitted_at) })), nextCursor, total };
  }

  async markHandled(ids: number[], handled: boolean): Promise<number> {
    const changed = await contactDb(this.em.fork())
      .updateTable('contact_submission')
      .set({ handled })
      .where('id', 'in', ids)
      .where('handled', '=', !handled)
      .returning('id')
      .execute();
    return changed.length;
  }

  async delete(ids: number[]): Promise<number> {
    return (await contactDb(this.em.fork()).deleteFrom('contact_submission').where('id', 'in', ids).returning('id').execute()).length;
  }
}
