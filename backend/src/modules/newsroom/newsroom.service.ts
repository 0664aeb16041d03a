import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  NEWSROOM_PAGES,
  NEWSROOM_TEXT_KEYS,
  NEWSROOM_TEXT_MAX_CHARS,
  NEWSROOM_TEXTS,
  PUBLISHING_PRINCIPLES_SECTIONS,
  absoluteUrl,
  type AdminMastheadEntry,
  type AdminNewsroomPage,
  type MastheadMember,
  type NewsroomTextKey,
  type PublicNewsroomPage,
  type SaveMastheadEntryRequest,
} from '@ai-mind/contracts';
import { sanitizeNewsroomHtml } from '@ai-mind/contracts/article-sanitizer';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { ArticlesCacheService } from '../articles/index.js';
import { unwrittenNewsroomText } from './newsroom-defaults.js';
import { newsroomDb } from './tables.js';

/** The masthead's order: the owner first, then editors, then writers; by name within a role. */
const ROLE_ORDER = sql<number>`case u.role when 'owner' then 0 when 'editor' then 1 else 2 end`;

/**
 * The newsroom's published promises: the owner's texts (sanitized HTML, each version kept by the
 * database) and the masthead of the people who agreed to be named. Readers' reads are cached with
 * the published articles (ArticlesCacheService): the tables' triggers announce every change on the
 * same channel as an article's, so an owner's edit reaches every API process's pages and, through
 * the purge of the `newsroom` key, the shared cache.
 */
@Injectable()
export class NewsroomService {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
    @InjectConfig('site') private readonly site: ConfigSlice<'site'>,
    @InjectConfig('newsroom') private readonly config: ConfigSlice<'newsroom'>,
  ) {}

  /** One page as readers get it: the stored text (or the unwritten notice), and for the masthead its people. */
  publicPage(key: NewsroomTextKey): Promise<PublicNewsroomPage> {
    return this.cache.remember(`newsroom:${key}`, async () => {
      const db = newsroomDb(this.em.fork());
      const [row, members] = await Promise.all([
        db.selectFrom('newsroom_page').select(['body', 'updated_at']).where('key', '=', key).executeTakeFirst(),
        key === 'masthead' ? this.mastheadMembers() : Promise.resolve([]),
      ]);
      return {
        key,
        title: NEWSROOM_TEXTS[key].title,
        // Sanitized again as it is read: a row written by hand in SQL is shown by the same rules.
        html: sanitizeNewsroomHtml(row?.body ?? unwrittenNewsroomText(key)),
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        members,
      };
    });
  }

  /** The people named on the masthead: active accounts that opted in, with their public title and name only. */
  private async mastheadMembers(): Promise<MastheadMember[]> {
    const rows = await newsroomDb(this.em.fork())
      .selectFrom('masthead_entry as m')
      .innerJoin('admin_user as u', 'u.id', 'm.account_id')
      .select(['u.display_name', 'm.public_title'])
      .where('m.on_masthead', '=', true)
      .where('u.status', '=', 'active')
      .orderBy(ROLE_ORDER)
      .orderBy((eb) => eb.fn('lower', ['u.display_name']))
      .orderBy('u.id')
      .execute();
    return rows.map((row) => ({ name: row.display_name, title: row.public_title }));
  }

  /** Every text as the owner edits it, with who changed it last and how many versions are kept. */
  async adminPages(): Promise<AdminNewsroomPage[]> {
    const db = newsroomDb(this.em.fork());
    const [rows, counts] = await Promise.all([
      db.selectFrom('newsroom_page').select(['key', 'body', 'updated_at', 'updated_by']).execute(),
      db
        .selectFrom('newsroom_page_revision')
        .select((eb) => ['page_key', eb.fn.countAll<string>().as('count')])
        .groupBy('page_key')
        .execute(),
    ]);
    return NEWSROOM_TEXT_KEYS.map((key) => {
      const row = rows.find((r) => r.key === key);
      return {
        key,
        title: NEWSROOM_TEXTS[key].title,
        path: NEWSROOM_TEXTS[key].path,
        body: row?.body ?? unwrittenNewsroomText(key),
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        updatedBy: row?.updated_by ?? null,
        revisions: Number(counts.find((c) => c.page_key === key)?.count ?? 0),
      };
    });
  }

  /**
   * The owner's new text: sanitized, then checked as it will be stored (not empty, within the bound,
   * and for the publishing principles the two sections other promises link to). Answers once every
   * API process has dropped the pages that showed the old text.
   */
  async savePage(key: NewsroomTextKey, body: string, actor: string): Promise<AdminNewsroomPage> {
    const clean = sanitizeNewsroomHtml(body).trim();
    const problems: string[] = [];
    if (clean.replace(/<[^>]*>/g, '').trim().length === 0) problems.push('has no text once sanitized');
    if (clean.length > NEWSROOM_TEXT_MAX_CHARS) problems.push(`must be at most ${NEWSROOM_TEXT_MAX_CHARS.toLocaleString('en-US')} characters once sanitized`);
    if (key === 'publishingPrinciples') {
      for (const id of Object.values(PUBLISHING_PRINCIPLES_SECTIONS)) {
        if (!new RegExp(`<h[23] id="${id}">`).test(clean))
          problems.push(`must keep a heading with id="${id}" (${NEWSROOM_PAGES.publishingPrinciples}#${id} links to it)`);
      }
    }
    if (problems.length > 0) throw new ValidationFailedException(problems.map((message) => ({ path: 'body', message })));
    await newsroomDb(this.em.fork())
      .insertInto('newsroom_page')
      .values({ key, body: clean, updated_at: sql<Date>`now()`, updated_by: actor.slice(0, 100) })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ body: clean, updated_at: sql<Date>`now()`, updated_by: actor.slice(0, 100) }))
      .execute();
    await this.cache.invalidate();
    return (await this.adminPages()).find((page) => page.key === key)!;
  }

  /** Every account, whether it is named on the masthead and as what. */
  async mastheadEntries(accountId?: number): Promise<AdminMastheadEntry[]> {
    let query = newsroomDb(this.em.fork())
      .selectFrom('admin_user as u')
      .leftJoin('masthead_entry as m', 'm.account_id', 'u.id')
      .select(['u.id', 'u.display_name', 'u.role', 'u.status', 'm.on_masthead', 'm.public_title', 'm.updated_at', 'm.updated_by'])
      .orderBy(ROLE_ORDER)
      .orderBy((eb) => eb.fn('lower', ['u.display_name']))
      .orderBy('u.id');
    if (accountId !== undefined) query = query.where('u.id', '=', accountId);
    const rows = await query.execute();
    return rows.map((row) => ({
      accountId: row.id,
      displayName: row.display_name,
      role: row.role,
      active: row.status === 'active',
      onMasthead: row.on_masthead ?? false,
      publicTitle: row.public_title ?? '',
      updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
      updatedBy: row.updated_by ?? null,
    }));
  }

  async mastheadEntry(accountId: number): Promise<AdminMastheadEntry> {
    const [entry] = await this.mastheadEntries(accountId);
    if (!entry) throw new NotFoundException({ error: 'Not Found', message: `No account ${accountId}.` });
    return entry;
  }

  /** Names (or stops naming) an account on the masthead; answers once every API process shows it. */
  async saveMastheadEntry(accountId: number, entry: SaveMastheadEntryRequest, actor: string): Promise<AdminMastheadEntry> {
    await this.mastheadEntry(accountId);
    const values = { on_masthead: entry.onMasthead, public_title: entry.publicTitle, updated_at: sql<Date>`now()`, updated_by: actor.slice(0, 100) };
    await newsroomDb(this.em.fork())
      .insertInto('masthead_entry')
      .values({ account_id: accountId, ...values })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
      .execute();
    await this.cache.invalidate();
    return this.mastheadEntry(accountId);
  }

  /**
   * /trust.txt (JournalList's trust.txt specification): what the operator configured, with honest
   * defaults: `contact=` the contact page unless another is set, `disclosure=` the publishing
   * principles; `member=`, `belongto=`, `control=` and `social=` only when configured.
   */
  trustTxt(): string {
    const origin = this.site.publicUrl;
    const { trustMember, trustBelongTo, trustControl, trustSocial, trustContact, trustDataTrainingAllowed } = this.config;
    const lines = [
      '# trust.txt of this publication',
      '# Format: https://journallist.net/reference-document-for-trust-txt-specifications',
      '',
      ...trustBelongTo.map((url) => `belongto=${url}`),
      ...trustMember.map((url) => `member=${url}`),
      ...trustControl.map((url) => `control=${url}`),
      ...trustSocial.map((url) => `social=${url}`),
      `contact=${trustContact || absoluteUrl('/contact', origin)}`,
      `disclosure=${absoluteUrl(NEWSROOM_PAGES.publishingPrinciples, origin)}`,
      `datatrainingallowed=${trustDataTrainingAllowed}`,
      '',
    ];
    return lines.join('\n');
  }
}
