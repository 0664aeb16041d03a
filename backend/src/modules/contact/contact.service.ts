import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, type AdminContactListQuery, type AdminContactSubmission, type ContactRequest } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { encodeCursor, requireCursor } from '../articles/list-cursor.js';
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
  submitted_at_key: string;
}

const cursorError = (message: string) => new ValidationFailedException([{ path: 'cursor', message }]);

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
    const keyset = [...where];
    const keysetParams = [...params];
    if (query.cursor !== undefined) {
      const cursor = requireCursor(query.cursor, ['keyset'], cursorError);
      keyset.push('(s.submitted_at, s.id) < (?::timestamptz, ?)');
      keysetParams.push(cursor.createdAt, cursor.id);
    }
    const [rows, [count]] = await Promise.all([
      this.em.fork().execute<Row[]>(
        `select s.id, s.name, s.email, s.subject, s.message, s.handled, s.submitted_at, s.submitted_at::text as submitted_at_key
           from contact_submission s ${keyset.length ? `where ${keyset.join(' and ')}` : ''}
          order by s.submitted_at desc, s.id desc limit ?`,
        [...keysetParams, limit + 1],
      ),
      this.em.fork().execute<{ total: number }[]>(`select count(*)::int as total from contact_submission s ${where.length ? `where ${where.join(' and ')}` : ''}`, params),
    ]);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => toContactSubmissionDto({ ...row, submittedAt: new Date(row.submitted_at) })),
      nextCursor: rows.length > limit && last ? encodeCursor({ kind: 'keyset', createdAt: last.submitted_at_key, id: last.id }) : null,
      total: count!.total,
    };
  }

  async markHandled(ids: number[], handled: boolean): Promise<number> {
    return (await this.em.fork().execute('update contact_submission set handled = ? where id in (?) and handled = ? returning id', [handled, ids, !handled])).length;
  }

  async delete(ids: number[]): Promise<number> {
    return (await this.em.fork().execute('delete from contact_submission where id in (?) returning id', [ids])).length;
  }
}
