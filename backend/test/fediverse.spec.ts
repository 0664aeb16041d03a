import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { generateCryptoKeyPair } from '@fedify/fedify';
import type { Redis } from 'ioredis';
import { FEDIVERSE_FOLLOWING_MAX, FEDIVERSE_POSTS_PER_ACCOUNT } from '@ai-mind/contracts';
import { REDIS } from '../src/common/redis.token.js';
import { createApiApp } from '../src/app/create-api-app.js';
import { AiReplySender, FediverseBlocks, FediverseFederation, FediverseInbox, PostgresKvStore, SiteReplies } from '../src/modules/fediverse/index.js';
import { createArticle } from './support/article-factory.js';
import { startRemoteActor, type RemoteActor } from './support/fediverse-remote.js';
import { startLocalHttpServer } from './support/local-http-server.js';
import { createOwnDatabase } from './support/own-database.js';
import { signInAdmin } from './support/admin-session.js';
import { testConfig } from './support/test-config.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ActivityPub documents, read as the wire has them
type Json = Record<string, any>;

const SITE = 'https://news.example';
const AP = 'application/activity+json';

/** Returns once `n` statements wait on a PostgreSQL lock (a race forced by a transaction that holds one); fails after 5 s. */
async function waitingOnLocks(em: EntityManager, n: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from pg_locks where not granted');
    if (row!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Fewer than ${n} statements waited on a lock`);
}

/**
 * The site as an ActivityPub actor: WebFinger, the actor, NodeInfo, an article's page answering its
 * object, and the inbox: a signed Follow is accepted and kept, an Undo drops it, and what is unsigned,
 * tampered with, replayed, too large, or signed by an actor on a private address is refused.
 */
describe('the fediverse actor and its inbox', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let alice: RemoteActor;

  beforeAll(async () => {
    database = await createOwnDatabase();
    alice = await startRemoteActor('alice');
    app = await createApiApp(
      testConfig({
        DATABASE_URL: database.url,
        PUBLIC_URL: SITE,
        FEDIVERSE_HANDLE: 'mind',
        FEDIVERSE_TRUSTED_ORIGINS: alice.server.origin,
        FEDIVERSE_MAX_OBJECT_BYTES: '8192',
      }),
    );
    em = app.get(EntityManager);
  });
  afterAll(async () => {
    await app.close();
    await alice.close();
    await database.drop();
  });

  const get = (url: string, accept = AP) => app.inject({ method: 'GET', url, headers: { accept, host: 'news.example' } });
  const post = (headers: Record<string, string>, body: string) => app.inject({ method: 'POST', url: '/ap/inbox', headers, payload: body });
  const followerRows = () =>
    em
      .fork()
      .getConnection()
      .execute<{ actor_url: string; handle: string; shared_inbox_url: string | null }[]>('select actor_url, handle, shared_inbox_url from fediverse_follower');

  it('answers WebFinger for acct:<handle>@<host of PUBLIC_URL>, and nothing for another name', async () => {
    const found = await get('/.well-known/webfinger?resource=acct:mind@news.example', 'application/jrd+json');
    expect(found.statusCode).toBe(200);
    const jrd = found.json<{ subject: string; links: { rel: string; type?: string; href?: string }[] }>();
    expect(jrd.subject).toBe('acct:mind@news.example');
    expect(jrd.links).toContainEqual(expect.objectContaining({ rel: 'self', type: AP, href: `${SITE}/ap/actor/site` }));
    expect((await get('/.well-known/webfinger?resource=acct:someone@news.example', 'application/jrd+json')).statusCode).toBe(404);
  });

  it('serves the actor with its name, summary, avatar, inbox, outbox, followers and a public key kept across calls', async () => {
    const first = await get('/ap/actor/site');
    expect(first.statusCode).toBe(200);
    const actor = first.json<Json>();
    expect(actor).toMatchObject({
      id: `${SITE}/ap/actor/site`,
      type: 'Application',
      preferredUsername: 'mind',
      name: 'The AI Mind',
      inbox: `${SITE}/ap/actor/site/inbox`,
      outbox: `${SITE}/ap/actor/site/outbox`,
      followers: `${SITE}/ap/actor/site/followers`,
      endpoints: { sharedInbox: `${SITE}/ap/inbox` },
      icon: { type: 'Image', url: `${SITE}/favicon.svg` },
    });
    expect(actor.summary).toContain('The AI Mind publishes');
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    const again = (await get('/ap/actor/site')).json<Json>();
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    expect((await get('/ap/actor/other')).statusCode).toBe(404);
  });

  it('serves NodeInfo, linked from /.well-known/nodeinfo', async () => {
    const links = (await get('/.well-known/nodeinfo', 'application/json')).json<{ links: { href: string }[] }>();
    expect(links.links.map((link) => link.href)).toContain(`${SITE}/nodeinfo/2.1`);
    const info = (await get('/nodeinfo/2.1', 'application/json')).json<Json>();
    expect(info).toMatchObject({ software: { name: 'the-ai-mind' }, protocols: ['activitypub'], openRegistrations: false });
  });

  it("answers an article's page with its Article object when asked for ActivityPub JSON, and with the page otherwise", async () => {
    const article = await createArticle(em, {
      title: 'Chips and the state',
      category: 'Technology',
      metaDescription: 'Why the chip subsidies matter.',
      imageUrl: '/media/chips.webp',
    });
    const url = `/technology/article/${article.slug}`;
    const object = await get(url);
    expect(object.statusCode).toBe(200);
    expect(object.headers['content-type']).toContain('application/activity+json');
    const json = object.json<Json>();
    expect(json).toMatchObject({
      type: 'Article',
      id: `${SITE}${url}`,
      url: `${SITE}${url}`,
      name: 'Chips and the state',
      summary: 'Why the chip subsidies matter.',
      attributedTo: `${SITE}/ap/actor/site`,
      image: { type: 'Image', url: `${SITE}/media/chips.webp` },
    });
    // The AI disclosure as the page states it.
    expect(json.content).toMatch(/AI/);
    expect(json.content).toContain(`href="${SITE}${url}"`);
    const unpublished = await createArticle(em, { approved: false });
    expect((await get(`/technology/article/${unpublished.slug}`)).statusCode).toBe(404);
    expect((await get(`/politics/article/${article.slug}`)).statusCode).toBe(404);
  });

  it('accepts a signed Follow: the follower is kept with its shared inbox and is sent an Accept; an Undo drops it', async () => {
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${alice.actorUrl.href}#follow-1`,
      type: 'Follow',
      actor: alice.actorUrl.href,
      object: `${SITE}/ap/actor/site`,
    };
    const signed = await alice.signedPost(`${SITE}/ap/inbox`, follow);
    const response = await post(signed.headers, signed.body);
    expect(response.statusCode).toBe(202);
    expect(await followerRows()).toEqual([{ actor_url: alice.actorUrl.href, handle: alice.handle, shared_inbox_url: `${alice.server.origin}/inbox` }]);
    const accept = alice.received().find((activity) => activity.type === 'Accept');
    expect(accept).toMatchObject({ actor: `${SITE}/ap/actor/site`, object: { id: follow.id, type: 'Follow' } });
    const followers = (await get('/ap/actor/site/followers')).json<{ totalItems: number }>();
    expect(followers.totalItems).toBe(1);

    const undo = await alice.signedPost(`${SITE}/ap/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${alice.actorUrl.href}#undo-1`,
      type: 'Undo',
      actor: alice.actorUrl.href,
      object: follow,
    });
    expect((await post(undo.headers, undo.body)).statusCode).toBe(202);
    expect(await followerRows()).toEqual([]);

    // An Undo naming the Follow by its id alone (an address that is not served) drops it too.
    const followAgain = async (n: number) => {
      const again = await alice.signedPost(`${SITE}/ap/inbox`, { ...follow, id: `${alice.actorUrl.href}#follow-${n}` });
      expect((await post(again.headers, again.body)).statusCode).toBe(202);
      expect(await followerRows()).toHaveLength(1);
      return `${alice.actorUrl.href}#follow-${n}`;
    };
    const byId = await alice.signedPost(`${SITE}/ap/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${alice.actorUrl.href}#undo-2`,
      type: 'Undo',
      actor: alice.actorUrl.href,
      object: await followAgain(2),
    });
    expect((await post(byId.headers, byId.body)).statusCode).toBe(202);
    expect(await followerRows()).toEqual([]);

    // The account deleting itself stops following: its server's shared inbox would take deliveries for it for ever.
    await followAgain(3);
    const gone = await alice.signedPost(`${SITE}/ap/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${alice.actorUrl.href}#delete`,
      type: 'Delete',
      actor: alice.actorUrl.href,
      object: alice.actorUrl.href,
    });
    expect((await post(gone.headers, gone.body)).statusCode).toBe(202);
    expect(await followerRows()).toEqual([]);
  });

  it('declines a Follow past its bounds with a Reject: a host with 1,000 inboxes delivered to already takes no new one, but one of its known inboxes does', async () => {
    const connection = em.fork().getConnection();
    await connection.execute('delete from fediverse_follower');
    // Made-up accounts on alice's host (127.0.0.1), each with an inbox of its own.
    await connection.execute(
      `insert into fediverse_follower (actor_url, handle, inbox_url, follow_id)
       select 'http://127.0.0.1:9/users/u' || n, '@u' || n || '@127.0.0.1', 'http://127.0.0.1:9/users/u' || n || '/inbox', 'f' || n from generate_series(1, 1000) n`,
    );
    const followFrom = async (n: number) => {
      const follow = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${alice.actorUrl.href}#follow-bound-${n}`,
        type: 'Follow',
        actor: alice.actorUrl.href,
        object: `${SITE}/ap/actor/site`,
      };
      const signed = await alice.signedPost(`${SITE}/ap/inbox`, follow);
      expect((await post(signed.headers, signed.body)).statusCode).toBe(202);
      return alice.received().find((activity) => (activity.object as Json | undefined)?.id === follow.id)?.type;
    };
    const aliceKept = async () => (await followerRows()).some((row) => row.actor_url === alice.actorUrl.href);
    try {
      expect(await followFrom(1)).toBe('Reject');
      expect(await aliceKept()).toBe(false);
      // Her server's shared inbox already delivered to: she adds no inbox, and is kept.
      await connection.execute(`update fediverse_follower set shared_inbox_url = ? where actor_url = 'http://127.0.0.1:9/users/u1'`, [
        `${alice.server.origin}/inbox`,
      ]);
      expect(await followFrom(2)).toBe('Accept');
      expect(await aliceKept()).toBe(true);
    } finally {
      await connection.execute('delete from fediverse_follower');
    }
  });

  it('refuses an unsigned post, a tampered body, a replayed request, an oversized one, and a signer on a private address', async () => {
    const follow = (n: number) => ({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${alice.actorUrl.href}#follow-x${n}`,
      type: 'Follow',
      actor: alice.actorUrl.href,
      object: `${SITE}/ap/actor/site`,
    });
    const unsigned = await post({ 'content-type': AP, host: 'news.example' }, JSON.stringify(follow(1)));
    expect(unsigned.statusCode).toBe(401);

    const signed = await alice.signedPost(`${SITE}/ap/inbox`, follow(2));
    const tampered = signed.body.replace('follow-x2', 'follow-x3');
    expect((await post(signed.headers, tampered)).statusCode).toBe(401);

    const wrongKey = await alice.signedPost(`${SITE}/ap/inbox`, follow(4), (await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')).privateKey);
    expect((await post(wrongKey.headers, wrongKey.body)).statusCode).toBe(401);

    const good = await alice.signedPost(`${SITE}/ap/inbox`, follow(5));
    expect((await post(good.headers, good.body)).statusCode).toBe(202);
    const replay = await post(good.headers, good.body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toContain('replay');

    const huge = await alice.signedPost(`${SITE}/ap/inbox`, { ...follow(6), padding: 'x'.repeat(10_000) });
    expect((await post(huge.headers, huge.body)).statusCode).toBe(413);

    // An actor on a loopback address the site does not trust: its key is never fetched, so its signature cannot be verified.
    const mallory = await startRemoteActor('mallory');
    try {
      const fromPrivate = await mallory.signedPost(`${SITE}/ap/inbox`, { ...follow(7), actor: mallory.actorUrl.href });
      expect((await post(fromPrivate.headers, fromPrivate.body)).statusCode).toBe(401);
      expect(mallory.server.requestsTo(mallory.actorUrl.pathname)).toEqual([]);
    } finally {
      await mallory.close();
    }
  });

  /** The note at `url`, as a server dereferencing its id gets it: compacted, its context aside. */
  const noteAt = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(AP);
    const { '@context': context, ...note } = response.json<Json>();
    expect(context).toBeDefined();
    return note;
  };
  /** An activity's object as it went out, compacted (the object of the posted body). */
  const deliveredObject = (activity: Json): Json => {
    const { '@context': _context, ...object } = activity.object as Json;
    return object;
  };

  it('turns a signed reply to an article into a comment held for moderation, published on approval, removed by its Delete; likes and boosts count once', async () => {
    const article = await createArticle(em, { title: 'Replies welcome', category: 'Technology' });
    const objectUrl = `${SITE}/technology/article/${article.slug}`;
    const noteId = `${alice.actorUrl.href}/statuses/1`;
    const note = {
      id: noteId,
      type: 'Note',
      attributedTo: alice.actorUrl.href,
      inReplyTo: objectUrl,
      content: '<p>Good piece, <script>alert(1)</script><a href="https://x.example">@mind</a> but the numbers are off.</p>',
      to: ['https://www.w3.org/ns/activitystreams#Public'],
    };
    const create = await alice.signedPost(`${SITE}/ap/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${noteId}/activity`,
      type: 'Create',
      actor: alice.actorUrl.href,
      object: note,
    });
    expect((await post(create.headers, create.body)).statusCode).toBe(202);
    const replies = () =>
      em
        .fork()
        .getConnection()
        .execute<{ id: number; status: string; handle: string; content: string; comment_id: number | null }[]>(
          'select id, status, handle, content, comment_id from fediverse_reply where article_id = ?',
          [article.id],
        );
    const [held] = await replies();
    expect(held).toMatchObject({ status: 'held', handle: alice.handle, comment_id: null });
    expect(held!.content).not.toContain('<');
    expect(held!.content).toContain('the numbers are off');
    const comments = async () =>
      (await app.inject({ method: 'GET', url: `/api/articles/${article.id}/comments` })).json<{ authorName: string; content: string }[]>();
    expect(await comments()).toEqual([]);

    expect(await app.get(FediverseInbox).moderate(held!.id, 'published')).toBe('published');
    expect(await app.get(FediverseInbox).moderate(held!.id, 'published')).toBeNull();
    // Marked with its author's handle and link (their profile page, as their actor names it).
    expect(await comments()).toEqual([
      expect.objectContaining({ authorName: alice.handle, authorUrl: `${alice.server.origin}/@alice`, content: held!.content }),
    ]);

    // The AI's reply to the comment goes to alice, and its id then answers the same Note.
    await em
      .fork()
      .getConnection()
      .execute(`update comment set ai_response = 'Which numbers, exactly.' where id = (select comment_id from fediverse_reply where id = ?)`, [held!.id]);
    await new AiReplySender(em, app.get(FediverseFederation), app.get(FediverseBlocks)).sendDue();
    const aiCreate = alice
      .received()
      .find((activity) => activity.type === 'Create' && String((activity.object as Json | undefined)?.id).includes('/ap/replies/'))!;
    expect(aiCreate.object).toMatchObject({ id: `${SITE}/ap/replies/${held!.id}`, type: 'Note', inReplyTo: noteId, attributedTo: `${SITE}/ap/actor/site` });
    expect(await noteAt(`/ap/replies/${held!.id}`)).toEqual(deliveredObject(aiCreate));
    expect((await get(`/ap/replies/${held!.id + 1000}`)).statusCode).toBe(404);
    // Its comment no longer carrying the reply (removed from the page, the comment kept), the note is gone: 410, a Tombstone.
    await em
      .fork()
      .getConnection()
      .execute(`update comment set ai_response = null where id = (select comment_id from fediverse_reply where id = ?)`, [held!.id]);
    const goneAi = await get(`/ap/replies/${held!.id}`);
    expect(goneAi.statusCode).toBe(410);
    expect(goneAi.json<Json>()).toMatchObject({ id: `${SITE}/ap/replies/${held!.id}`, type: 'Tombstone' });

    const like = async (n: number, type: 'Like' | 'Announce') =>
      alice.signedPost(`${SITE}/ap/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${alice.actorUrl.href}#${type}-${n}`,
        type,
        actor: alice.actorUrl.href,
        object: objectUrl,
      });
    for (const signed of [await like(1, 'Like'), await like(2, 'Like'), await like(3, 'Announce')])
      expect((await post(signed.headers, signed.body)).statusCode).toBe(202);
    const [counters] = await em
      .fork()
      .getConnection()
      .execute<{ likes: number; shares: number }[]>('select likes, shares from article where id = ?', [article.id]);
    // Two Likes from one actor count once.
    expect(counters).toEqual({ likes: 1, shares: 1 });
    // Their Undo uncounts them: the Like's named by its id alone (not served anywhere), the boost's embedded.
    const undo = (n: number, object: unknown) =>
      alice.signedPost(`${SITE}/ap/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${alice.actorUrl.href}#undo-reaction-${n}`,
        type: 'Undo',
        actor: alice.actorUrl.href,
        object,
      });
    for (const signed of [
      await undo(1, `${alice.actorUrl.href}#Like-1`),
      await undo(2, { id: `${alice.actorUrl.href}#Announce-3`, type: 'Announce', actor: alice.actorUrl.href, object: objectUrl }),
    ])
      expect((await post(signed.headers, signed.body)).statusCode).toBe(202);
    const [undone] = await em
      .fork()
      .getConnection()
      .execute<{ likes: number; shares: number }[]>('select likes, shares from article where id = ?', [article.id]);
    expect(undone).toEqual({ likes: 0, shares: 0 });

    const remove = await alice.signedPost(`${SITE}/ap/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${noteId}#delete`,
      type: 'Delete',
      actor: alice.actorUrl.href,
      object: { id: noteId, type: 'Tombstone' },
    });
    expect((await post(remove.headers, remove.body)).statusCode).toBe(202);
    expect(await comments()).toEqual([]);
    expect(await replies()).toEqual([]);
    // Its reply row went with the author's note: the AI's note is no longer anywhere.
    expect((await get(`/ap/replies/${held!.id}`)).statusCode).toBe(404);
  });

  it("holds a reply while the owner's setting is off, publishes the next at once when the owner turns it on, and keeps the setting the owner's", async () => {
    const owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    const editor = await signInAdmin(app, 'a-long-test-password', 'editor');
    const settings = (headers: Record<string, string>, payload?: unknown) =>
      app.inject({ method: payload === undefined ? 'GET' : 'PUT', url: '/api/admin/fediverse/settings', headers, payload: payload as Json });
    const article = await createArticle(em, { title: 'Replies at once', category: 'Technology' });
    const objectUrl = `${SITE}/technology/article/${article.slug}`;
    const reply = async (n: number, text: string) => {
      const noteId = `${alice.actorUrl.href}/statuses/setting-${n}`;
      const create = await alice.signedPost(`${SITE}/ap/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${noteId}/activity`,
        type: 'Create',
        actor: alice.actorUrl.href,
        object: { id: noteId, type: 'Note', attributedTo: alice.actorUrl.href, inReplyTo: objectUrl, content: `<p>${text}</p>` },
      });
      expect((await post(create.headers, create.body)).statusCode).toBe(202);
    };
    const statuses = () =>
      em
        .fork()
        .getConnection()
        .execute<{ status: string; content: string }[]>('select status, content from fediverse_reply where article_id = ? order by id', [article.id]);
    const comments = async () => (await app.inject({ method: 'GET', url: `/api/articles/${article.id}/comments` })).json<{ content: string }[]>();

    // Off by default: held for moderation.
    expect((await settings(owner.headers)).json<Json>()).toEqual({ publishReplies: false, updatedAt: null, updatedBy: null });
    await reply(1, 'First thoughts on this.');
    expect(await statuses()).toEqual([{ status: 'held', content: 'First thoughts on this.' }]);
    expect(await comments()).toEqual([]);

    // The setting is the owner's, and its body is checked field by field.
    expect((await settings(editor.headers)).statusCode).toBe(403);
    expect((await settings(editor.headers, { publishReplies: true })).statusCode).toBe(403);
    const bad = await settings(owner.headers, { publishReplies: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().details).toEqual([expect.objectContaining({ path: 'publishReplies' })]);

    const saved = await settings(owner.headers, { publishReplies: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Json>()).toMatchObject({ publishReplies: true, updatedBy: owner.username });
    const audited = await em
      .fork()
      .getConnection()
      .execute<{ action: string; status: number }[]>('select action, status from audit_log where actor = ? order by id desc limit 1', [owner.username]);
    expect(audited).toEqual([{ action: 'PUT /api/admin/fediverse/settings', status: 200 }]);

    // On: the next reply is a comment at once; the one held before stays held.
    await reply(2, 'Second thoughts, published.');
    expect(await statuses()).toEqual([
      { status: 'held', content: 'First thoughts on this.' },
      { status: 'published', content: 'Second thoughts, published.' },
    ]);
    expect(await comments()).toEqual([expect.objectContaining({ content: 'Second thoughts, published.' })]);

    // Off again, for the tests that follow.
    expect((await settings(owner.headers, { publishReplies: false })).json<Json>()).toMatchObject({ publishReplies: false });
  });

  it('holds at most 20 replies of one account and 1,000 in all: past either, a new reply is not kept', async () => {
    const frank = await startRemoteActor('frank', alice.server);
    const article = await createArticle(em, { title: 'A crowded queue', category: 'Technology' });
    const objectUrl = `${SITE}/technology/article/${article.slug}`;
    const connection = em.fork().getConnection();
    const reply = async (n: number) => {
      const noteId = `${frank.actorUrl.href}/statuses/crowd-${n}`;
      const signed = await frank.signedPost(`${SITE}/ap/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${noteId}/activity`,
        type: 'Create',
        actor: frank.actorUrl.href,
        object: { id: noteId, type: 'Note', attributedTo: frank.actorUrl.href, inReplyTo: objectUrl, content: `<p>Reply ${n}.</p>` },
      });
      expect((await post(signed.headers, signed.body)).statusCode).toBe(202);
      const [row] = await connection.execute<{ n: number }[]>('select count(*)::int as n from fediverse_reply where note_id = ?', [noteId]);
      return row!.n === 1;
    };
    const seed = (count: number, actor: string) =>
      connection.execute(
        `insert into fediverse_reply (note_id, article_id, actor_url, handle, profile_url, content, status)
         select ? || n, ?, ?, '@seed@seed.example', ?, 'Seeded.', 'held' from generate_series(1, ?) n`,
        [`${actor}/seeded-`, article.id, actor, actor, count],
      );
    try {
      await seed(19, frank.actorUrl.href);
      expect(await reply(1)).toBe(true);
      expect(await reply(2)).toBe(false);
      await connection.execute(`delete from fediverse_reply where status = 'held'`);
      await seed(1000, 'https://others.example/users/someone');
      expect(await reply(3)).toBe(false);
      await connection.execute(
        `delete from fediverse_reply where status = 'held' and actor_url = 'https://others.example/users/someone' and note_id like '%-1000'`,
      );
      expect(await reply(4)).toBe(true);
    } finally {
      await connection.execute(`delete from fediverse_reply where article_id = ?`, [article.id]);
    }
  });

  it('refuses everything from a blocked server', async () => {
    await em.fork().getConnection().execute(`delete from fediverse_follower`);
    await em.fork().getConnection().execute(`insert into fediverse_block (kind, value, created_by) values ('domain', '127.0.0.1', 'test')`);
    try {
      const follow = await alice.signedPost(`${SITE}/ap/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${alice.actorUrl.href}#follow-blocked`,
        type: 'Follow',
        actor: alice.actorUrl.href,
        object: `${SITE}/ap/actor/site`,
      });
      expect((await post(follow.headers, follow.body)).statusCode).toBe(403);
      expect(await followerRows()).toEqual([]);
    } finally {
      await em.fork().getConnection().execute(`delete from fediverse_block`);
    }
  });

  it('follows an account by handle (pending until its Accept), keeps its posts within bounds with their Update and Delete, and replies to one as the site', async () => {
    const owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    const editor = await signInAdmin(app, 'a-long-test-password', 'editor');
    const writer = await signInAdmin(app, 'a-long-test-password', 'writer');
    const admin = (headers: Record<string, string>, url: string, payload?: unknown) =>
      app.inject({ method: payload === undefined ? 'GET' : 'POST', url, headers, payload: payload as Json });
    const handle = `@alice@${alice.actorUrl.host}`;

    // Field errors, and following is the owner's.
    const bad = await admin(owner.headers, '/api/admin/fediverse/following', { handle: 'alice' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().details).toEqual([expect.objectContaining({ path: 'handle' })]);
    expect((await admin(editor.headers, '/api/admin/fediverse/following', { handle })).statusCode).toBe(403);
    // A handle on a private address the site does not trust is never looked up.
    expect((await admin(owner.headers, '/api/admin/fediverse/following', { handle: '@bob@127.0.0.1:9' })).statusCode).toBe(400);

    const followed = await admin(owner.headers, '/api/admin/fediverse/following', { handle });
    expect(followed.statusCode).toBe(200);
    const follow = alice.received().find((activity) => activity.type === 'Follow')!;
    expect(follow).toMatchObject({ actor: `${SITE}/ap/actor/site`, object: alice.actorUrl.href });
    const reader = async () => (await admin(editor.headers, '/api/admin/fediverse/reader')).json<Json>();
    expect((await reader()).following).toEqual([expect.objectContaining({ handle, status: 'pending', createdBy: owner.username })]);
    expect((await admin(owner.headers, '/api/admin/fediverse/following', { handle })).statusCode).toBe(409);

    const send = async (activity: Json) => {
      const signed = await alice.signedPost(`${SITE}/ap/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        actor: alice.actorUrl.href,
        ...activity,
      });
      expect((await post(signed.headers, signed.body)).statusCode).toBe(202);
    };
    const note = (n: number, content: string, published = `2026-11-2${n % 10}T10:00:00Z`) => ({
      id: `${alice.actorUrl.href}/posts/${n}`,
      type: 'Note',
      attributedTo: alice.actorUrl.href,
      content,
      published,
      to: ['https://www.w3.org/ns/activitystreams#Public'],
    });
    // Before the Accept, nothing it posts is kept.
    await send({ id: `${alice.actorUrl.href}/posts/0/activity`, type: 'Create', object: note(0, '<p>Too early</p>') });
    expect((await reader()).posts).toEqual([]);
    await send({ id: `${alice.actorUrl.href}#accept-1`, type: 'Accept', object: follow });
    expect((await reader()).following).toEqual([expect.objectContaining({ handle, status: 'accepted' })]);

    await send({ id: `${alice.actorUrl.href}/posts/1/activity`, type: 'Create', object: note(1, '<p>Hello <script>alert(1)</script><b>world</b></p>') });
    let posts = (await reader()).posts as Json[];
    expect(posts).toEqual([expect.objectContaining({ objectId: `${alice.actorUrl.href}/posts/1`, authorHandle: handle, replies: [] })]);
    // Kept as text, as comments are.
    expect(posts[0]!.content).not.toContain('<');
    expect(posts[0]!.content).toMatch(/^Hello .*world$/);
    await send({ id: `${alice.actorUrl.href}/posts/1/update`, type: 'Update', object: note(1, '<p>Hello again</p>') });
    posts = (await reader()).posts;
    expect(posts[0]).toMatchObject({ content: 'Hello again', updatedAt: expect.any(String) });

    // A post someone else wrote, sent by alice, is not kept.
    await send({
      id: `${alice.actorUrl.href}/posts/2/activity`,
      type: 'Create',
      object: { ...note(2, 'Forged'), attributedTo: 'https://other.example/users/x' },
    });
    expect((await reader()).posts).toHaveLength(1);

    // The newest FEDIVERSE_POSTS_PER_ACCOUNT are kept: an account at the bound loses its oldest to a new post.
    await em
      .fork()
      .getConnection()
      .execute(
        `insert into fediverse_post (following_id, object_id, content, published_at)
         select f.id, 'https://old.example/' || n, 'old ' || n, timestamptz '2020-01-01' + make_interval(days => n) from fediverse_following f, generate_series(1, ${FEDIVERSE_POSTS_PER_ACCOUNT - 1}) n`,
      );
    await send({ id: `${alice.actorUrl.href}/posts/3/activity`, type: 'Create', object: note(3, 'The newest') });
    const count = async () =>
      (
        await em
          .fork()
          .getConnection()
          .execute<{ n: number; oldest: string }[]>(
            `select count(*)::int as n, min(object_id) as oldest from fediverse_post where object_id like 'https://old.example/%'`,
          )
      )[0]!;
    expect((await reader()).posts).toHaveLength(FEDIVERSE_POSTS_PER_ACCOUNT);
    expect((await count()).n).toBe(FEDIVERSE_POSTS_PER_ACCOUNT - 2);
    await em.fork().getConnection().execute(`delete from fediverse_post where object_id like 'https://old.example/%'`);

    // An editor replies as the site (a writer may not): one delivery of its Create to alice's inbox.
    const [first] = (await reader()).posts as Json[];
    const url = `/api/admin/fediverse/posts/${first!.id}/replies`;
    expect((await admin(writer.headers, url, { content: 'Hi' })).statusCode).toBe(403);
    const empty = await admin(editor.headers, url, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Json>().details).toEqual([expect.objectContaining({ path: 'content' })]);
    expect((await admin(editor.headers, '/api/admin/fediverse/posts/999999/replies', { content: 'Hi' })).statusCode).toBe(404);
    expect((await admin(editor.headers, url, { content: 'Thanks, <b>noted</b>.' })).statusCode).toBe(200);
    const [sent] = (await reader()).posts.find((p: Json) => p.id === first!.id).replies as Json[];
    expect(sent).toMatchObject({ content: 'Thanks, <b>noted</b>.', createdBy: editor.username, deletedAt: null, noteId: `${SITE}/ap/notes/${sent!.id}` });
    const deliveries = () =>
      em
        .fork()
        .getConnection()
        .execute<{ activity: string; inbox_url: string; article_id: number | null }[]>(
          'select activity, inbox_url, article_id from fediverse_delivery where sent_reply_id = ? order by id',
          [sent!.id],
        );
    expect(await deliveries()).toEqual([{ activity: 'create', inbox_url: `${alice.actorUrl.href}/inbox`, article_id: null }]);
    // Its id answers the Note its Create carries, as the delivery job sends it; a Note at no reply's id is not there.
    const fediverse = app.get(FediverseFederation);
    const create = await app.get(SiteReplies).activityOf(sent!.id, 'create');
    const delivered = (await create!.toJsonLd({ format: 'compact', contextLoader: fediverse.context().contextLoader })) as Json;
    expect(await noteAt(`/ap/notes/${sent!.id}`)).toEqual(deliveredObject(delivered));
    expect(deliveredObject(delivered)).toMatchObject({ id: `${SITE}/ap/notes/${sent!.id}`, type: 'Note', inReplyTo: first!.objectId });
    for (const missing of [`/ap/notes/${sent!.id + 1000}`, '/ap/notes/0', '/ap/notes/abc', `/ap/elsewhere/${sent!.id}`])
      expect((await get(missing)).statusCode).toBe(404);
    expect((await admin(editor.headers, `/api/admin/fediverse/sent-replies/${sent!.id}/remove`, {})).statusCode).toBe(200);
    expect((await admin(editor.headers, `/api/admin/fediverse/sent-replies/${sent!.id}/remove`, {})).statusCode).toBe(404);
    expect((await deliveries()).map((row) => row.activity)).toEqual(['create', 'delete']);
    // A deleted reply's id answers 410 Gone with its Tombstone.
    const gone = await get(`/ap/notes/${sent!.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toContain(AP);
    expect(gone.json<Json>()).toMatchObject({ id: `${SITE}/ap/notes/${sent!.id}`, type: 'Tombstone', deleted: expect.any(String) });

    // The author's Delete drops its post (the site's reply stays on record); unfollowing sends an Undo and drops the rest.
    await send({ id: `${alice.actorUrl.href}/posts/3/delete`, type: 'Delete', object: { id: `${alice.actorUrl.href}/posts/3`, type: 'Tombstone' } });
    expect(((await reader()).posts as Json[]).map((p) => p.objectId)).toEqual([`${alice.actorUrl.href}/posts/1`]);
    const { following } = await reader();
    expect((await admin(owner.headers, `/api/admin/fediverse/following/${following[0].id}/remove`, {})).statusCode).toBe(200);
    expect(alice.received().find((activity) => activity.type === 'Undo')).toMatchObject({ object: { id: follow.id, type: 'Follow' } });
    expect(await reader()).toEqual({ following: [], posts: [] });
  });

  it("ends the site's follows on a blocked server or of a blocked actor, as an unfollow does, and refuses to follow there", async () => {
    const owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    const handle = `@alice@${alice.actorUrl.host}`;
    const sql = (query: string, params: unknown[] = []) => em.fork().getConnection().execute(query, params);
    const api = (url: string, payload: Json = {}) => app.inject({ method: 'POST', url, headers: owner.headers, payload });
    const following = async () => (await sql('select id, follow_id from fediverse_following')) as { id: number; follow_id: string }[];
    /** Follows alice, with one post of hers kept; answers the Follow's id. */
    const followAlice = async () => {
      expect((await api('/api/admin/fediverse/following', { handle })).statusCode).toBe(200);
      const [row] = await following();
      await sql(`update fediverse_following set status = 'accepted', accepted_at = now()`);
      await sql(`insert into fediverse_post (following_id, object_id, content, published_at) values (?, ?, 'A post', now())`, [
        row!.id,
        `${alice.actorUrl.href}/posts/blocked-${row!.id}`,
      ]);
      return row!.follow_id;
    };
    const undoneOf = (followId: string) =>
      alice.received().filter((activity) => activity.type === 'Undo' && (activity.object as Json | undefined)?.id === followId);
    const blocks = async () => (await sql('select id from fediverse_block')) as { id: number }[];

    // Blocking the actor: the follow, its posts, and an Undo to alice.
    const first = await followAlice();
    expect((await api('/api/admin/fediverse/blocks', { kind: 'actor', value: alice.actorUrl.href })).statusCode).toBe(200);
    expect(await following()).toEqual([]);
    expect(await sql('select id from fediverse_post')).toEqual([]);
    expect(undoneOf(first)).toHaveLength(1);
    // Following a blocked account is refused.
    expect((await api('/api/admin/fediverse/following', { handle })).statusCode).toBe(403);
    for (const block of await blocks()) expect((await api(`/api/admin/fediverse/blocks/${block.id}/remove`)).statusCode).toBe(200);

    // Blocking its server (the host of its address): the same.
    const second = await followAlice();
    await sql(
      `insert into fediverse_following (actor_url, handle, inbox_url, follow_id, created_by) values ('https://elsewhere.example/u/z', '@z@elsewhere.example', 'https://elsewhere.example/u/z/inbox', 'https://news.example/ap/actor/site#follows/z', 'test')`,
    );
    expect((await api('/api/admin/fediverse/blocks', { kind: 'domain', value: alice.actorUrl.hostname })).statusCode).toBe(200);
    expect((await sql('select actor_url from fediverse_following')) as Json[]).toEqual([{ actor_url: 'https://elsewhere.example/u/z' }]);
    expect(await sql('select id from fediverse_post')).toEqual([]);
    expect(undoneOf(second)).toHaveLength(1);
    expect((await api('/api/admin/fediverse/following', { handle })).statusCode).toBe(403);
    for (const block of await blocks()) expect((await api(`/api/admin/fediverse/blocks/${block.id}/remove`)).statusCode).toBe(200);
    await sql('delete from fediverse_following');
  });

  it('keeps its bound and a block when follows race: two follows at the bound keep one; a follow that waited on a block is refused', async () => {
    const owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    const sql = (query: string, params: unknown[] = []) => em.fork().getConnection().execute(query, params);
    const follow = (actor: RemoteActor) =>
      app.inject({ method: 'POST', url: '/api/admin/fediverse/following', headers: owner.headers, payload: { handle: actor.handle } });
    const [ivy, jon] = [await startRemoteActor('ivy', alice.server), await startRemoteActor('jon', alice.server)];

    // One place short of the bound: of two follows at once, whichever keeps its row first is the last one allowed.
    await sql('delete from fediverse_following');
    await sql(
      `insert into fediverse_following (actor_url, handle, inbox_url, follow_id, created_by)
       select 'https://filler.example/u/' || i, '@u' || i || '@filler.example', 'https://filler.example/inbox', 'https://news.example/ap/actor/site#follows/filler-' || i, 'test'
       from generate_series(1, ?) as i`,
      [FEDIVERSE_FOLLOWING_MAX - 1],
    );
    const answers = await Promise.all([follow(ivy), follow(jon)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json<Json>().details).toEqual([
      { path: 'handle', message: `The site follows ${FEDIVERSE_FOLLOWING_MAX} accounts, the most it may` },
    ]);
    const [kept] = (await sql('select count(*)::int as n from fediverse_following')) as { n: number }[];
    expect(kept!.n).toBe(FEDIVERSE_FOLLOWING_MAX);
    await sql('delete from fediverse_following');

    // A block of ivy's server being made (its transaction holds the lock a block takes) while ivy is followed:
    // the follow waits, then sees the block and is refused, and nothing is kept nor sent.
    const blocker = em.fork();
    await blocker.begin();
    try {
      await blocker.execute(`insert into fediverse_block (kind, value, created_by) values ('actor', ?, 'test')`, [ivy.actorUrl.href]);
      await blocker.execute(`select pg_advisory_xact_lock(hashtext('fediverse-following'))`);
      const followsBefore = ivy.received().filter((activity) => activity.type === 'Follow').length;
      const pending = follow(ivy);
      await waitingOnLocks(em, 1);
      await blocker.commit();
      expect((await pending).statusCode).toBe(403);
      expect(await sql('select id from fediverse_following')).toEqual([]);
      expect(ivy.received().filter((activity) => activity.type === 'Follow')).toHaveLength(followsBefore);
    } finally {
      if (blocker.isInTransaction()) await blocker.rollback();
    }
    await sql('delete from fediverse_block');
  });

  it('keeps no follower that a block covers when its Follow and the block race, in either order', async () => {
    const owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    const sql = (query: string, params: unknown[] = []) => em.fork().getConnection().execute(query, params);
    let n = 0;
    const followFromAlice = async () => {
      const follow = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${alice.actorUrl.href}#follow-race-${++n}`,
        type: 'Follow',
        actor: alice.actorUrl.href,
        object: `${SITE}/ap/actor/site`,
      };
      const signed = await alice.signedPost(`${SITE}/ap/inbox`, follow);
      return { id: follow.id, response: post(signed.headers, signed.body) };
    };
    const aliceFollows = async () => (await followerRows()).some((row) => row.actor_url === alice.actorUrl.href);
    await sql('delete from fediverse_follower');

    // The block first: its transaction (its row written, the followers' lock taken) is open while alice's Follow
    // arrives; the Follow waits, then sees the block, keeps nothing and answers nothing.
    const blocker = em.fork();
    await blocker.begin();
    try {
      await blocker.execute(`insert into fediverse_block (kind, value, created_by) values ('actor', ?, 'test')`, [alice.actorUrl.href]);
      await blocker.execute(`select pg_advisory_xact_lock(hashtext('fediverse-followers'))`);
      const first = await followFromAlice();
      await waitingOnLocks(em, 1);
      await blocker.commit();
      expect((await first.response).statusCode).toBe(202);
      expect(await aliceFollows()).toBe(false);
      expect(alice.received().filter((activity) => (activity.object as Json | undefined)?.id === first.id)).toEqual([]);
    } finally {
      if (blocker.isInTransaction()) await blocker.rollback();
    }
    await sql('delete from fediverse_block');

    // The Follow first: it is being kept (a transaction holds the lock) when the owner blocks alice; the block
    // waits for it, then drops the follower it kept.
    const holder = em.fork();
    await holder.begin();
    try {
      await holder.execute(`select pg_advisory_xact_lock(hashtext('fediverse-followers'))`);
      const second = await followFromAlice();
      await waitingOnLocks(em, 1);
      const block = app.inject({
        method: 'POST',
        url: '/api/admin/fediverse/blocks',
        headers: owner.headers,
        payload: { kind: 'actor', value: alice.actorUrl.href },
      });
      await waitingOnLocks(em, 2);
      await holder.commit();
      expect((await second.response).statusCode).toBe(202);
      expect((await block).statusCode).toBe(200);
      expect(await aliceFollows()).toBe(false);
    } finally {
      if (holder.isInTransaction()) await holder.rollback();
    }
    await sql('delete from fediverse_block');
    await sql('delete from fediverse_follower');
  });

  it('shows the owner the followers, deliveries, held replies and blocks, lets the owner block a server, and refuses an editor', async () => {
    const owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    const editor = await signInAdmin(app, 'a-long-test-password', 'editor');
    expect((await app.inject({ method: 'GET', url: '/api/admin/fediverse', headers: editor.headers })).statusCode).toBe(403);
    await em
      .fork()
      .getConnection()
      .execute(
        `insert into fediverse_follower (actor_url, handle, inbox_url, follow_id) values
           ('https://blocked.example/u/x', '@x@blocked.example', 'https://blocked.example/u/x/inbox', 'f1'),
           ('https://fine.example/u/y', '@y@fine.example', 'https://fine.example/u/y/inbox', 'f2'),
           ('https://social.blocked.example/u/s', '@s@social.blocked.example', 'https://social.blocked.example/u/s/inbox', 'f3'),
           ('https://blocked.example:8443/u/p', '@p@blocked.example:8443', 'https://blocked.example:8443/u/p/inbox', 'f4'),
           ('https://notblocked.example/u/n', '@n@notblocked.example', 'https://notblocked.example/u/n/inbox', 'f5'),
           ('https://fine.example/users/Zed', '@Zed@fine.example', 'https://fine.example/users/Zed/inbox', 'f6')`,
      );
    const before = (await app.inject({ method: 'GET', url: '/api/admin/fediverse', headers: owner.headers })).json<Json>();
    expect(before).toMatchObject({ handle: '@mind@news.example', actorUrl: `${SITE}/ap/actor/site`, followerCount: 6 });
    expect(before.followers.map((follower: Json) => follower.handle).sort()).toEqual(
      ['@x@blocked.example', '@y@fine.example', '@s@social.blocked.example', '@p@blocked.example:8443', '@n@notblocked.example', '@Zed@fine.example'].sort(),
    );
    expect(Object.keys(before.deliveryCounts).sort()).toEqual(['failed', 'pending', 'retrying', 'sent']);

    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/fediverse/blocks',
      headers: owner.headers,
      payload: { kind: 'domain', value: 'not a host' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/fediverse/blocks', headers: editor.headers, payload: { kind: 'domain', value: 'blocked.example' } }))
        .statusCode,
    ).toBe(403);
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/admin/fediverse/blocks',
      headers: owner.headers,
      payload: { kind: 'domain', value: 'Blocked.Example' },
    });
    expect(blocked.statusCode).toBe(200);
    // The server, a server below it and the server on another port go, as the inbox refuses them; a name that only ends alike stays.
    const after = (await app.inject({ method: 'GET', url: '/api/admin/fediverse', headers: owner.headers })).json<Json>();
    expect(after.followers.map((follower: Json) => follower.handle).sort()).toEqual(['@Zed@fine.example', '@n@notblocked.example', '@y@fine.example']);
    expect(after.blocks).toEqual([expect.objectContaining({ kind: 'domain', value: 'blocked.example', createdBy: owner.username })]);
    // An actor's block is kept as the URL parser writes it (the host lower-cased), so the inbox's check matches it; its follower goes.
    const actorBlock = await app.inject({
      method: 'POST',
      url: '/api/admin/fediverse/blocks',
      headers: owner.headers,
      payload: { kind: 'actor', value: 'https://FINE.example/users/Zed' },
    });
    expect(actorBlock.statusCode).toBe(200);
    expect(await app.get(FediverseBlocks).isBlocked(new URL('https://fine.example/users/Zed'))).toBe(true);
    const afterActor = (await app.inject({ method: 'GET', url: '/api/admin/fediverse', headers: owner.headers })).json<Json>();
    expect(afterActor.followers.map((follower: Json) => follower.handle).sort()).toEqual(['@n@notblocked.example', '@y@fine.example']);
    expect(afterActor.blocks.map((block: Json) => block.value)).toEqual(['https://fine.example/users/Zed', 'blocked.example']);
    for (const block of afterActor.blocks) {
      const unblock = await app.inject({ method: 'POST', url: `/api/admin/fediverse/blocks/${block.id}/remove`, headers: owner.headers });
      expect(unblock.statusCode).toBe(200);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/fediverse/replies/999999', headers: owner.headers, payload: { status: 'published' } })).statusCode,
    ).toBe(404);
  });
});

describe('the inbox rate limits', () => {
  const LIMITS = { FEDIVERSE_INBOX_PER_ACTOR_PER_MINUTE: '3', FEDIVERSE_INBOX_PER_DOMAIN_PER_MINUTE: '5', FEDIVERSE_INBOX_PER_CLIENT_PER_MINUTE: '40' };
  let app: NestFastifyApplication;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let server: Awaited<ReturnType<typeof startLocalHttpServer>>;
  let ann: RemoteActor;
  let dan: RemoteActor;
  let carol: RemoteActor;
  let erin: RemoteActor;

  beforeAll(async () => {
    database = await createOwnDatabase();
    server = await startLocalHttpServer();
    ann = await startRemoteActor('ann', server);
    dan = await startRemoteActor('dan', server);
    carol = await startRemoteActor('carol');
    erin = await startRemoteActor('erin');
    app = await createApiApp(
      testConfig({
        DATABASE_URL: database.url,
        PUBLIC_URL: SITE,
        FEDIVERSE_TRUSTED_ORIGINS: `${server.origin},${carol.server.origin},${erin.server.origin}`,
        ...LIMITS,
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await carol.close();
    await erin.close();
    await server.close();
    await database.drop();
  });

  /** Each from its own client address, so the per-client budget of one test is not another's. */
  const post = (from: string, signed: { headers: Record<string, string>; body: string }) =>
    app.inject({ method: 'POST', url: '/ap/inbox', headers: signed.headers, payload: signed.body, remoteAddress: from });
  let n = 0;
  const like = (actor: RemoteActor) =>
    actor.signedPost(`${SITE}/ap/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${actor.actorUrl.href}#like-${++n}`,
      type: 'Like',
      actor: actor.actorUrl.href,
      object: `${SITE}/nothing`,
    });
  const rateKeys = async () => {
    const redis = app.get<Redis>(REDIS);
    const keys = await redis.keys('ai-mind:rate:fediverse:*');
    return Promise.all(keys.map(async (key) => ({ key, ttl: await redis.ttl(key) })));
  };

  it('refuses an actor past its limit with 429 and then its server past its own, while another server is served', async () => {
    const from = '198.51.100.1';
    // The first suite's counters share this Redis database (and expire within the minute).
    const before = (await rateKeys()).map(({ key }) => key);
    for (let i = 0; i < 3; i++) expect((await post(from, await like(ann))).statusCode).toBe(202);
    expect((await post(from, await like(ann))).statusCode).toBe(429);
    // Another actor of the same server: served until the server's limit (5), which counts ann's three.
    expect((await post(from, await like(dan))).statusCode).toBe(202);
    expect((await post(from, await like(dan))).statusCode).toBe(202);
    expect((await post(from, await like(dan))).statusCode).toBe(429);
    // Another server is served.
    expect((await post(from, await like(carol))).statusCode).toBe(202);
    const keys = (await rateKeys()).filter(({ key }) => !before.includes(key));
    expect(keys.map(({ key }) => key).sort()).toEqual(
      [
        `ai-mind:rate:fediverse:actor:${ann.actorUrl.href}`,
        `ai-mind:rate:fediverse:actor:${carol.actorUrl.href}`,
        `ai-mind:rate:fediverse:actor:${dan.actorUrl.href}`,
        `ai-mind:rate:fediverse:client:${from}`,
        `ai-mind:rate:fediverse:domain:${carol.actorUrl.host}`,
        `ai-mind:rate:fediverse:domain:${ann.actorUrl.host}`,
      ].sort(),
    );
    for (const { ttl } of keys) expect(ttl).toBeGreaterThan(0);
  });

  it('keeps nothing for posts whose signature does not verify: a flood of made-up keys makes one expiring counter, of its client', async () => {
    const from = '198.51.100.2';
    const before = (await rateKeys()).map(({ key }) => key);
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) {
      // Signed by ann's key, but naming a key of a made-up actor on a private address, which is never fetched.
      const signed = await ann.signedPost(`${SITE}/ap/inbox`, {
        id: `https://127.0.0.${(i % 200) + 2}/x#${i}`,
        type: 'Like',
        actor: `http://127.0.0.1:9/u${i}`,
      });
      signed.headers.signature = signed.headers.signature!.replace(/keyId="[^"]+"/, `keyId="http://127.0.0.${(i % 200) + 2}:9/users/fake${i}#main-key"`);
      statuses.push((await post(from, signed)).statusCode);
    }
    expect(statuses.slice(0, 40).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(40).every((status) => status === 429)).toBe(true);
    const added = (await rateKeys()).filter(({ key }) => !before.includes(key));
    expect(added).toEqual([{ key: `ai-mind:rate:fediverse:client:${from}`, ttl: expect.any(Number) }]);
    expect(added[0]!.ttl).toBeGreaterThan(0);
    expect(added[0]!.ttl).toBeLessThanOrEqual(60);
    // Nor a replay record: only a verified request is remembered.
    const [received] = await app.get(EntityManager).fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from fediverse_received');
    expect(received!.n).toBe(6);
  });

  it("keeps a key it fetched only once a signature verifies with it, and then for a bounded time; the outbox's sweep drops what expired", async () => {
    const kept = () =>
      app
        .get(EntityManager)
        .fork()
        .getConnection()
        .execute<{ key: string; expires_at: Date | null }[]>(`select key, expires_at from fediverse_kv where key like ?`, [`%${erin.keyId.href}`]);
    // Signed by ann's key but naming erin's, which the gate fetches (erin's server is trusted) and which does not verify it.
    const forged = await ann.signedPost(`${SITE}/ap/inbox`, {
      id: `${erin.actorUrl.href}#like-forged`,
      type: 'Like',
      actor: erin.actorUrl.href,
      object: `${SITE}/x`,
    });
    forged.headers.signature = forged.headers.signature!.replace(/keyId="[^"]+"/, `keyId="${erin.keyId.href}"`);
    expect((await post('198.51.100.3', forged)).statusCode).toBe(401);
    expect(erin.server.requestsTo(erin.actorUrl.pathname).length).toBeGreaterThan(0);
    expect(await kept()).toEqual([]);

    expect((await post('198.51.100.3', await like(erin))).statusCode).toBe(202);
    const [row] = await kept();
    const days = (new Date(row!.expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const connection = app.get(EntityManager).fork().getConnection();
    await connection.execute(`update fediverse_kv set expires_at = now() - interval '1 second' where key like ?`, [`%${erin.keyId.href}`]);
    expect(await new PostgresKvStore(() => app.get(EntityManager).fork()).sweep()).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual([]);
  });
});

describe('the fediverse switched off', () => {
  it('mounts none of its routes: no WebFinger, no actor, no inbox', async () => {
    const app = await createApiApp(testConfig({ PUBLIC_URL: SITE, FEDIVERSE_ENABLED: 'false' }));
    try {
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: AP } });
      expect((await get('/.well-known/webfinger?resource=acct:news@news.example')).statusCode).toBe(404);
      expect((await get('/ap/actor/site')).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/ap/inbox', headers: { 'content-type': AP }, payload: '{}' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
