import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type { AdminAccount, PasswordLinkResponse } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { PeopleService } from '../src/modules/people/index.js';
import { signIn as signInFrom, type SignedInAdmin } from './support/admin-session.js';
import { randomIp } from './security/attack-tally.js';
import { runCli } from './support/api-process.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

const PASSWORD = 'a-long-test-password';

/** This file's own client address: its deliberate wrong passwords lock out no other file's client, nor theirs this one. */
const CLIENT = randomIp();
const signIn = (app: NestFastifyApplication, username: string, password: string, role: 'owner' | 'editor' | 'writer') =>
  signInFrom(app, username, password, role, CLIENT);

/** The accounts of a database of its own, so the count of owners is this file's alone. */
describe('people: roles, the last owner, invitations and password links', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let people: PeopleService;
  let owner: SignedInAdmin;
  let ownerId: number;

  beforeAll(async () => {
    own = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url }));
    people = app.get(PeopleService);
    const username = `first-${uniqueSuffix()}`;
    // The first account: an owner without being told.
    expect(await people.saveAccount({ username, password: PASSWORD })).toEqual({ created: true, role: 'owner' });
    owner = await signIn(app, username, PASSWORD, 'owner');
    ownerId = (await people.list()).find((person) => person.username === username)!.id;
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const post = (who: SignedInAdmin | null, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: who ? who.headers : {}, payload: payload ?? {} });
  const roleOf = async (id: number) => (await people.find(id)).role;
  const activeOwners = async () => (await people.list()).filter((person) => person.role === 'owner' && person.status === 'active').length;

  async function inviteAndSetUp(role: 'owner' | 'editor' | 'writer'): Promise<{ account: AdminAccount; session: SignedInAdmin }> {
    const username = `${role}-${uniqueSuffix()}`;
    const invite = await post(owner, '/api/admin/people', { username, displayName: `Person ${username}`, email: `${username}@example.com`, role });
    expect(invite.statusCode).toBe(201);
    const link = invite.json<PasswordLinkResponse>();
    expect((await post(null, '/api/admin/set-password', { token: link.token, password: PASSWORD })).statusCode).toBe(200);
    return { account: link.account, session: await signIn(app, username, PASSWORD, role) };
  }

  describe('the last active owner', () => {
    it('cannot be demoted or disabled, by themselves or anyone', async () => {
      expect(await activeOwners()).toBe(1);
      for (const [url, payload] of [
        [`/api/admin/people/${ownerId}/role`, { role: 'editor' }],
        [`/api/admin/people/${ownerId}/status`, { status: 'disabled' }],
      ] as const) {
        const response = await post(owner, url, payload);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: 'Conflict', message: 'This is the last active owner: make another account an owner first.' });
      }
      expect(await roleOf(ownerId)).toBe('owner');
      expect(await activeOwners()).toBe(1);
      // A refused change changes nothing, the owner's session included.
      expect((await app.inject({ method: 'GET', url: '/api/admin/people', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    });

    it('of two owners demoting (or disabling) each other at the same moment, exactly one succeeds, every time', async () => {
      const second = await inviteAndSetUp('owner');
      owner = await signIn(app, owner.username, PASSWORD, 'owner');
      for (let round = 0; round < 6; round++) {
        await people.changeRole(second.account.id, 'owner');
        await people.changeStatus(second.account.id, 'active');
        const changes =
          round % 2 === 0
            ? [people.changeRole(ownerId, 'editor'), people.changeRole(second.account.id, 'writer')]
            : [people.changeStatus(ownerId, 'disabled'), people.changeRole(second.account.id, 'editor')];
        const outcomes = await Promise.allSettled(changes);
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect(await activeOwners()).toBe(1);
        // Put the first owner back for the next round (the other is still the active owner).
        await people.changeStatus(ownerId, 'active');
        await people.changeRole(ownerId, 'owner');
      }
      owner = await signIn(app, owner.username, PASSWORD, 'owner');
    });

    it('the same through the API: two owners demoting each other at once leave one owner', async () => {
      // Exactly two owners: the first account and a new one (owners of earlier cases become editors).
      for (const person of await people.list()) if (person.role === 'owner' && person.id !== ownerId) await people.changeRole(person.id, 'editor');
      const other = await inviteAndSetUp('owner');
      owner = await signIn(app, owner.username, PASSWORD, 'owner');
      expect(await activeOwners()).toBe(2);
      const [mine, theirs] = await Promise.all([
        post(owner, `/api/admin/people/${other.account.id}/role`, { role: 'editor' }),
        post(other.session, `/api/admin/people/${ownerId}/role`, { role: 'editor' }),
      ]);
      // The loser is refused by the statement (409) or, when the winner ended its session first, by the gate (401).
      expect([mine.statusCode, theirs.statusCode].filter((status) => status === 200)).toHaveLength(1);
      expect([mine.statusCode, theirs.statusCode].every((status) => [200, 401, 409].includes(status))).toBe(true);
      expect(await activeOwners()).toBe(1);
      // Whoever is still the owner makes the first account an owner again, for the cases below.
      if ((await roleOf(ownerId)) !== 'owner') await people.changeRole(ownerId, 'owner');
      owner = await signIn(app, owner.username, PASSWORD, 'owner');
    });
  });

  describe('invitations and password links', () => {
    it('invites someone: an account without a password, its link stored only as a hash, and single use', async () => {
      const username = `wren-${uniqueSuffix()}`;
      const invite = await post(owner, '/api/admin/people', { username, displayName: 'Wren Writer', email: `${username}@example.com`, role: 'writer' });
      expect(invite.statusCode).toBe(201);
      const link = invite.json<PasswordLinkResponse>();
      expect(link.account).toMatchObject({ username, displayName: 'Wren Writer', role: 'writer', status: 'active', hasPassword: false });
      expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);

      const stored = await app
        .get(EntityManager)
        .getConnection()
        .execute<{ token_hash: string }[]>('select token_hash from admin_password_link where user_id = ?', [link.account.id]);
      expect(stored).toEqual([{ token_hash: createHash('sha256').update(link.token).digest('hex') }]);
      // No password yet: nothing signs in.
      expect(
        (await app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: CLIENT, payload: { username, password: link.token } })).statusCode,
      ).toBe(401);

      const set = await post(null, '/api/admin/set-password', { token: link.token, password: PASSWORD });
      expect(set.json()).toEqual({ username, message: `Your password is set. Sign in as ${username}.` });
      const writer = await signIn(app, username, PASSWORD, 'writer');
      expect((await app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie: writer.cookie } })).json()).toMatchObject({
        account: { username, displayName: 'Wren Writer', role: 'writer', permissions: ['panel.use', 'trending.read', 'articles.draft'] },
      });

      const again = await post(null, '/api/admin/set-password', { token: link.token, password: 'someone-elses-password' });
      expect(again.statusCode).toBe(400);
      expect(again.json().details).toEqual([{ path: 'token', message: 'This link has expired or was already used. Ask an owner for a new one.' }]);
      await signIn(app, username, PASSWORD, 'writer');
    });

    it('refuses an expired link and keeps the account without a password', async () => {
      const username = `late-${uniqueSuffix()}`;
      const link = (
        await post(owner, '/api/admin/people', { username, displayName: 'Late', email: `${username}@example.com`, role: 'editor' })
      ).json<PasswordLinkResponse>();
      await app
        .get(EntityManager)
        .getConnection()
        .execute(`update admin_password_link set expires_at = now() - interval '1 second' where user_id = ?`, [link.account.id]);
      const response = await post(null, '/api/admin/set-password', { token: link.token, password: PASSWORD });
      expect(response.statusCode).toBe(400);
      expect((await people.find(link.account.id)).hasPassword).toBe(false);
    });

    it('of two uses of one link at the same moment, exactly one sets the password', async () => {
      for (let round = 0; round < 4; round++) {
        const username = `race-${uniqueSuffix()}`;
        const link = (
          await post(owner, '/api/admin/people', { username, displayName: 'Racer', email: `${username}@example.com`, role: 'writer' })
        ).json<PasswordLinkResponse>();
        const passwords = ['first-long-password', 'second-long-password'];
        const answers = await Promise.all(passwords.map((password) => post(null, '/api/admin/set-password', { token: link.token, password })));
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
        const winner = passwords[answers.findIndex((answer) => answer.statusCode === 200)]!;
        const loser = passwords.find((password) => password !== winner)!;
        expect((await app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: CLIENT, payload: { username, password: loser } })).statusCode).toBe(
          401,
        );
        await signIn(app, username, winner, 'writer');
      }
    });

    it('a password reset ends the sessions, stops the old password and older links, and gives a new link', async () => {
      const { account, session } = await inviteAndSetUp('editor');
      const first = (await post(owner, `/api/admin/people/${account.id}/reset-password`)).json<PasswordLinkResponse>();
      expect((await app.inject({ method: 'GET', url: '/api/admin/articles', headers: { cookie: session.cookie } })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: CLIENT, payload: { username: account.username, password: PASSWORD } }))
          .statusCode,
      ).toBe(401);
      const second = (await post(owner, `/api/admin/people/${account.id}/reset-password`)).json<PasswordLinkResponse>();
      expect((await post(null, '/api/admin/set-password', { token: first.token, password: 'an-older-link-password' })).statusCode).toBe(400);
      expect((await post(null, '/api/admin/set-password', { token: second.token, password: 'a-brand-new-password' })).statusCode).toBe(200);
      await signIn(app, account.username, 'a-brand-new-password', 'editor');
    });

    it('refuses a disabled account its link until it is enabled', async () => {
      const username = `paused-${uniqueSuffix()}`;
      const link = (
        await post(owner, '/api/admin/people', { username, displayName: 'Paused', email: `${username}@example.com`, role: 'writer' })
      ).json<PasswordLinkResponse>();
      expect((await post(owner, `/api/admin/people/${link.account.id}/status`, { status: 'disabled' })).statusCode).toBe(200);
      expect((await post(null, '/api/admin/set-password', { token: link.token, password: PASSWORD })).statusCode).toBe(400);
      expect((await post(owner, `/api/admin/people/${link.account.id}/status`, { status: 'active' })).statusCode).toBe(200);
      expect((await post(null, '/api/admin/set-password', { token: link.token, password: PASSWORD })).statusCode).toBe(200);
    });

    it('answers bad invitations field by field and writes nothing', async () => {
      const known = `known-${uniqueSuffix()}@example.com`;
      expect(
        (await post(owner, '/api/admin/people', { username: `known-${uniqueSuffix()}`, displayName: 'Known', email: known, role: 'writer' })).statusCode,
      ).toBe(201);
      const before = (await people.list()).length;
      const bad = await post(owner, '/api/admin/people', { username: 'Has Spaces', displayName: '', email: 'not-an-email', role: 'boss' });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .details.map((detail: { path: string }) => detail.path)
          .sort(),
      ).toEqual(['displayName', 'email', 'role', 'username']);
      const taken = await post(owner, '/api/admin/people', {
        username: owner.username,
        displayName: 'Twin',
        email: `twin-${uniqueSuffix()}@example.com`,
        role: 'writer',
      });
      expect([taken.statusCode, taken.json().details]).toEqual([400, [{ path: 'username', message: 'This username is taken' }]]);
      const sameEmail = await post(owner, '/api/admin/people', {
        username: `twin-${uniqueSuffix()}`,
        displayName: 'Twin',
        email: known.toUpperCase(),
        role: 'writer',
      });
      expect([sameEmail.statusCode, sameEmail.json().details]).toEqual([400, [{ path: 'email', message: 'Another account has this email' }]]);
      expect((await people.list()).length).toBe(before);
    });
  });
});

describe('the ops CLI: create-admin <username> --role <role>', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    own = await createOwnDatabase();
    env = { DATABASE_URL: own.url, REDIS_URL: process.env.REDIS_URL!, ADMIN_PASSWORD: PASSWORD };
  });
  afterAll(() => own.drop());

  const failure = (args: string[]) => {
    try {
      runCli(args, env);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('makes the first account an owner, asks a role of later ones, and keeps the last owner', () => {
    expect(failure(['create-admin', 'first-writer', '--role', 'writer'])).toMatch(/The first account must be an owner/);
    expect(runCli(['create-admin', 'boss'], env).trim()).toBe("Created admin 'boss' (owner).");
    expect(failure(['create-admin', 'sam'])).toMatch(/Give the new account a role: --role owner, editor or writer/);
    expect(failure(['create-admin', 'sam', '--role', 'chief'])).toMatch(/--role must be owner, editor or writer/);
    expect(runCli(['create-admin', 'sam', '--role', 'editor'], env).trim()).toBe("Created admin 'sam' (editor).");
    expect(runCli(['create-admin', 'sam', '--role', 'editor', '--if-missing'], env).trim()).toBe("Admin 'sam' already exists (editor).");
    expect(failure(['create-admin', 'boss', '--role', 'writer'])).toMatch(/This is the last active owner/);
    expect(runCli(['create-admin', 'sam', '--role', 'owner'], env).trim()).toBe("Set a new password for admin 'sam' (owner); its sessions are ended.");
    expect(runCli(['create-admin', 'boss', '--role', 'writer'], env).trim()).toBe("Set a new password for admin 'boss' (writer); its sessions are ended.");
  });

  it('names only the sign-ins that work, as the start prints them: an account kept from before keeps its own password', () => {
    // The start with ADMIN_USERNAME=editor, after an earlier start made 'editor' the demo editor.
    const editor = `editor-${uniqueSuffix()}`;
    // An owner first, so that this test runs alone too (the first account must be an owner).
    runCli(['create-admin', `owner-${uniqueSuffix()}`, '--role', 'owner'], env);
    runCli(['create-admin', editor, '--role', 'editor'], { ...env, ADMIN_PASSWORD: 'the-demo-editors-password' });
    // As the seed makes the owner: unless the account exists.
    runCli(['create-admin', editor, '--role', 'owner', '--if-missing'], { ...env, ADMIN_PASSWORD: 'the-owners-password' });
    const writer = `writer-${uniqueSuffix()}`;
    runCli(['create-admin', writer, '--role', 'writer', '--if-missing'], { ...env, ADMIN_PASSWORD: 'the-writers-password' });
    const accounts = [
      { username: editor, password: 'the-owners-password' },
      { username: editor, password: 'the-demo-editors-password' },
      { username: writer, password: 'the-writers-password' },
      { username: `nobody-${uniqueSuffix()}`, password: 'anything' },
    ];
    expect(runCli(['check-sign-ins'], env, JSON.stringify(accounts)).trim().split('\n')).toEqual([editor, writer]);
    expect(runCli(['check-sign-ins'], env, JSON.stringify(accounts.slice(0, 1))).trim()).toBe('');
  });
});
