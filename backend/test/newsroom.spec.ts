import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import path from 'node:path';
import {
  NEWSROOM_PAGES,
  NEWSROOM_TEXT_KEYS,
  NEWSROOM_TEXT_MAX_CHARS,
  type AdminMastheadEntry,
  type AdminNewsroomPage,
  type PublicNewsroomPage,
} from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { createOwnDatabase } from './support/own-database.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

const SITE = 'https://news.example';

const PRINCIPLES = (marker: string) =>
  `<p>${marker}</p><h2 id="feedback">Feedback</h2><p>Write to us.</p><h2 id="verification">Verification</h2><p>Every claim is checked.</p>`;

/**
 * The newsroom's promises: the owner edits the texts and the masthead (everyone else is refused),
 * bad input is a 400 naming the field, the public pages show the new text at once (the render cache,
 * the prepared answers and the shared cache's purge), the masthead names only people who agreed, and
 * /trust.txt says what the operator configured.
 */
describe('the newsroom pages, masthead and trust.txt', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let owner: SignedInAdmin;
  let editor: SignedInAdmin;

  beforeAll(async () => {
    // Its own database: the texts are one row per page, which no other spec should see change.
    database = await createOwnDatabase();
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, DATABASE_URL: database.url, PUBLIC_URL: SITE }));
    em = app.get(EntityManager);
    owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    editor = await signInAdmin(app, 'a-long-test-password', 'editor');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const put = (who: SignedInAdmin, url: string, payload: unknown) => app.inject({ method: 'PUT', url, headers: who.headers, payload: payload as object });

  it('serves every page at its stable URL, server-rendered, with the unwritten notice until the owner writes it', async () => {
    for (const key of NEWSROOM_TEXT_KEYS) {
      const response = await get(NEWSROOM_PAGES[key]);
      expect({ key, status: response.statusCode }).toEqual({ key, status: 200 });
      expect(response.body).toContain('have not published their');
      expect(response.body).toContain(`<link rel="canonical" href="${SITE}${NEWSROOM_PAGES[key]}"`);
    }
    // The sections other promises link to exist before anything is written.
    const principles = (await get(NEWSROOM_PAGES.publishingPrinciples)).body;
    expect(principles).toContain('<h2 id="feedback">');
    expect(principles).toContain('<h2 id="verification">');
  });

  it('lets the owner edit a text: sanitized, recorded with who and when, every version kept, and shown on the page at once', async () => {
    const page = NEWSROOM_PAGES.correctionsPolicy;
    // Rendered (and kept) before the edit: the edit must replace what the caches hold.
    expect((await get(page)).body).not.toContain('First version');
    expect((await get(`/api/newsroom/correctionsPolicy`)).json<PublicNewsroomPage>().updatedAt).toBeNull();

    const first = await put(owner, '/api/admin/newsroom/correctionsPolicy', {
      body: '<p>First version.</p><script>alert(1)</script><p onclick="x()">Fixed in public.</p>',
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json<AdminNewsroomPage>();
    expect(saved.body).toBe('<p>First version.</p><p>Fixed in public.</p>');
    expect(saved.updatedBy).toBe(owner.username);
    expect(saved.updatedAt).not.toBeNull();

    const shown = await get(page);
    expect(shown.body).toContain('First version.');
    expect(shown.body).not.toContain('alert(1)');
    expect(shown.body).not.toContain('have not published');
    expect((await get('/api/newsroom/correctionsPolicy')).json<PublicNewsroomPage>().html).toBe('<p>First version.</p><p>Fixed in public.</p>');

    expect((await put(owner, '/api/admin/newsroom/correctionsPolicy', { body: '<p>Second version.</p>' })).statusCode).toBe(200);
    const again = await get(page);
    expect(again.body).toContain('Second version.');
    expect(again.body).not.toContain('First version.');

    // The history: each version with its author, written by the database.
    const revisions = await em
      .fork()
      .execute<{ body: string; changed_by: string }[]>(`select body, changed_by from newsroom_page_revision where page_key = 'correctionsPolicy' order by id`);
    expect(revisions).toEqual([
      { body: '<p>First version.</p><p>Fixed in public.</p>', changed_by: owner.username },
      { body: '<p>Second version.</p>', changed_by: owner.username },
    ]);
    const listed = (await app.inject({ method: 'GET', url: '/api/admin/newsroom', headers: owner.headers })).json<AdminNewsroomPage[]>();
    expect(listed.map((p) => p.key)).toEqual([...NEWSROOM_TEXT_KEYS]);
    expect(listed.find((p) => p.key === 'correctionsPolicy')).toMatchObject({ body: '<p>Second version.</p>', revisions: 2, updatedBy: owner.username });
    // The shared cache is told: a change, whoever writes it, queues the newsroom pages' key for purging
    // (looked at inside the change's own transaction, rolled back: the purger takes committed rows at once).
    const queued = await em
      .fork()
      .transactional(async (tx) => {
        const mine = `select id, keys from http_cache_purge where 'newsroom' = any(keys) order by id`;
        const before = await tx.execute<{ id: string; keys: string[] }[]>(mine);
        await tx.execute(`update newsroom_page set body = body where key = 'correctionsPolicy'`);
        const after = await tx.execute<{ id: string; keys: string[] }[]>(mine);
        const added = after.filter((row) => !before.some((old) => old.id === row.id)).map((row) => row.keys);
        throw Object.assign(new Error('roll back'), { added });
      })
      .catch((error: { added?: string[][] }) => error.added);
    expect(queued).toEqual([['newsroom']]);
  });

  it('keeps the publishing principles’ #feedback and #verification sections', async () => {
    const missing = await put(owner, '/api/admin/newsroom/publishingPrinciples', { body: '<p>No sections.</p>' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { path: 'body', message: expect.stringContaining('id="feedback"') },
      { path: 'body', message: expect.stringContaining('id="verification"') },
    ]);
    const ok = await put(owner, '/api/admin/newsroom/publishingPrinciples', { body: PRINCIPLES('Our principles, edited.') });
    expect(ok.statusCode).toBe(200);
    const html = (await get(NEWSROOM_PAGES.publishingPrinciples)).body;
    expect(html).toContain('Our principles, edited.');
    expect(html).toContain('<h2 id="feedback">Feedback</h2>');
    expect(html).toContain('<h2 id="verification">Verification</h2>');
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/admin/newsroom/correctionsPolicy', {}, 'body'],
      ['/api/admin/newsroom/correctionsPolicy', { body: 7 }, 'body'],
      ['/api/admin/newsroom/correctionsPolicy', { body: '   ' }, 'body'],
      ['/api/admin/newsroom/correctionsPolicy', { body: 'x'.repeat(NEWSROOM_TEXT_MAX_CHARS + 1) }, 'body'],
      // Nothing left once sanitized.
      ['/api/admin/newsroom/correctionsPolicy', { body: '<script>alert(1)</script>' }, 'body'],
      ['/api/admin/newsroom/aboutUs', { body: '<p>x</p>' }, 'page'],
      ['/api/admin/newsroom/masthead/1', { onMasthead: 'yes', publicTitle: 'Editor' }, 'onMasthead'],
      ['/api/admin/newsroom/masthead/1', { onMasthead: true, publicTitle: '' }, 'publicTitle'],
      ['/api/admin/newsroom/masthead/1', { onMasthead: true, publicTitle: 'x'.repeat(101) }, 'publicTitle'],
      ['/api/admin/newsroom/masthead/1', { onMasthead: true, publicTitle: '<b>Boss</b>' }, 'publicTitle'],
      ['/api/admin/newsroom/masthead/0', { onMasthead: false, publicTitle: '' }, 'id'],
    ];
    for (const [url, payload, field] of cases) {
      const response = await put(owner, url, payload);
      expect({ url, payload: JSON.stringify(payload).slice(0, 60), status: response.statusCode }).toEqual({
        url,
        payload: JSON.stringify(payload).slice(0, 60),
        status: 400,
      });
      expect(response.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(field);
    }
    expect((await get('/api/newsroom/aboutUs')).statusCode).toBe(400);
    expect((await put(owner, '/api/admin/newsroom/masthead/2147483000', { onMasthead: false, publicTitle: '' })).statusCode).toBe(404);
  });

  it('refuses everyone but the owner (403 to an editor, 401 without a session); a person may set their own entry', async () => {
    expect((await put(editor, '/api/admin/newsroom/correctionsPolicy', { body: '<p>Editor was here.</p>' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/newsroom', headers: editor.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/newsroom/masthead', headers: editor.headers })).statusCode).toBe(403);
    expect((await put(editor, '/api/admin/newsroom/masthead/1', { onMasthead: true, publicTitle: 'Boss' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/newsroom/correctionsPolicy', payload: { body: '<p>x</p>' } })).statusCode).toBe(401);
    expect((await get(NEWSROOM_PAGES.correctionsPolicy)).body).not.toContain('Editor was here.');

    const own = await put(editor, '/api/admin/newsroom/masthead-self', { onMasthead: true, publicTitle: 'Night editor' });
    expect(own.statusCode).toBe(200);
    expect(own.json<AdminMastheadEntry>()).toMatchObject({ onMasthead: true, publicTitle: 'Night editor', updatedBy: editor.username });
  });

  it('names on the masthead only the active people who agreed, by name and title: no address, no username', async () => {
    const db = em.fork();
    const [named] = await db.execute<{ id: number }[]>(`select id from admin_user where username = ?`, [owner.username]);
    await db.execute(`update admin_user set display_name = 'Dana Reyes', email = 'dana-reyes@newsroom.example' where id = ?`, [named!.id]);
    const quiet = await signInAdmin(app, 'a-long-test-password', 'writer');
    await db.execute(`update admin_user set display_name = 'Quiet Writer', email = 'quiet@newsroom.example' where username = ?`, [quiet.username]);
    const gone = await signInAdmin(app, 'a-long-test-password', 'editor');
    const [goneRow] = await db.execute<{ id: number }[]>(`select id from admin_user where username = ?`, [gone.username]);
    await db.execute(`update admin_user set display_name = 'Former Editor' where id = ?`, [goneRow!.id]);

    const before = (await get(NEWSROOM_PAGES.masthead)).body;
    expect(before).not.toContain('Dana Reyes');

    expect((await put(owner, `/api/admin/newsroom/masthead/${named!.id}`, { onMasthead: true, publicTitle: 'Editor-in-chief' })).statusCode).toBe(200);
    expect((await put(owner, `/api/admin/newsroom/masthead/${goneRow!.id}`, { onMasthead: true, publicTitle: 'Deputy editor' })).statusCode).toBe(200);
    expect((await get(NEWSROOM_PAGES.masthead)).body).toContain('Former Editor');
    // A disabled account is not named, whatever its entry says: the change reaches the page at once
    // (the account's trigger announces it, as an edit in the People tab or by hand in SQL would).
    await db.execute(`update admin_user set status = 'disabled' where id = ?`, [goneRow!.id]);

    // The notification reaches this process a moment after the commit.
    for (let waited = 0; waited < 5000 && (await get(NEWSROOM_PAGES.masthead)).body.includes('Former Editor'); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const members = (await get('/api/newsroom/masthead')).json<PublicNewsroomPage>().members;
    expect(members).toEqual([
      { name: 'Dana Reyes', title: 'Editor-in-chief' },
      { name: expect.any(String), title: 'Night editor' },
    ]);
    const html = (await get(NEWSROOM_PAGES.masthead)).body;
    expect(html).toContain('Dana Reyes');
    expect(html).toContain('Editor-in-chief');
    expect(html).toContain('Night editor');
    expect(html).not.toContain('Quiet Writer');
    expect(html).not.toContain('Former Editor');
    expect(html).not.toContain('@newsroom.example');
    expect(html).not.toContain(owner.username);

    // Leaving the masthead takes the name off the page at once.
    expect((await put(owner, `/api/admin/newsroom/masthead/${named!.id}`, { onMasthead: false, publicTitle: 'Editor-in-chief' })).statusCode).toBe(200);
    expect((await get(NEWSROOM_PAGES.masthead)).body).not.toContain('Dana Reyes');
  });

  it('serves /trust.txt as plain text with honest defaults: contact, disclosure, no membership claimed', async () => {
    const response = await get('/trust.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines).toEqual([`contact=${SITE}/contact`, `disclosure=${SITE}/about/publishing-principles`, 'datatrainingallowed=no']);
  });

  it('lists in /trust.txt what the operator configured', async () => {
    const configured = await createApiApp(
      testConfig({
        DATABASE_URL: database.url,
        PUBLIC_URL: SITE,
        TRUST_TXT_MEMBER: 'https://journallist.net, https://presscouncil.example',
        TRUST_TXT_BELONGTO: 'https://owner-group.example',
        TRUST_TXT_CONTROL: 'https://sister.example',
        TRUST_TXT_SOCIAL: 'https://social.example/@theaimind',
        TRUST_TXT_CONTACT: 'mailto:editors@news.example',
        TRUST_TXT_DATATRAINING_ALLOWED: 'yes',
      }),
    );
    try {
      const response = await configured.inject({ method: 'GET', url: '/trust.txt' });
      const lines = response.body.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(lines).toEqual([
        'belongto=https://owner-group.example',
        'member=https://journallist.net',
        'member=https://presscouncil.example',
        'control=https://sister.example',
        'social=https://social.example/@theaimind',
        'contact=mailto:editors@news.example',
        `disclosure=${SITE}/about/publishing-principles`,
        'datatrainingallowed=yes',
      ]);
    } finally {
      await configured.close();
    }
  });
});
