import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { ADMIN_ROLES, AdminRoleSchema } from '@ai-mind/contracts';
import { loadConfigOrExit, PRODUCTION_PASSWORD_MIN_LENGTH, type AppConfig } from './config/app-config.js';
import { MIGRATIONS_SOURCE_DIR } from './database/mikro-orm.config.js';
import { createOrmConfig } from './app/orm-config.js';
import { runDemoSeed } from './app/demo-seed/demo.seeder.js';
import { AdminUsersService } from './modules/auth/index.js';
import { PeopleService } from './modules/people/index.js';
import { OPS_COMMANDS } from './modules/recovery/index.js';
import { createOpsApp } from './app/create-ops-app.js';
import { createEvidenceApp } from './app/create-evidence-app.js';
import { EvidenceExportService, parseEvidenceArgs, runEvidenceCommand } from './modules/evidence/index.js';

const USAGE = `Usage: node dist/bundle/main.cli.js <command>

Commands:
  migrate                    apply pending migrations
  migration:create [name]    write a migration for the difference between entities and database
  seed                       add the demo content (once per database) and, when ADMIN_USERNAME and
                             ADMIN_PASSWORD are set, that admin (an owner) unless it exists
  create-admin <username> [--role owner|editor|writer] [--if-missing]
                             create an account, or set a new password (and, with --role, a new role)
                             for it, ending its sessions; the password comes from ADMIN_PASSWORD or,
                             when unset, from the first line of standard input. The first account is
                             an owner; later ones need --role. --if-missing leaves an existing
                             account as it is.
  check-sign-ins             read a JSON list of { username, password } from standard input and print
                             those of the usernames whose password signs in (an active account), one a
                             line (the start prints only the demo sign-ins that work)
  prepare                    what npm start runs before the API and the worker, in one process: read
                             { seed, accounts, check } as JSON from standard input, migrate, seed when
                             seed is true, save each account as create-admin does, then print a JSON
                             object: the lines those commands print and the usernames of check that sign in

Recovery and media (queued like the admin panel's buttons; this process also works on them, so they
complete without a worker running; progress goes to standard error):
  backup                     write a compressed snapshot of every article (database and BACKUP_DIR)
  recover:quick              restore missing articles from the latest backup and revisions
  recover:deep               restore missing articles from every backup and every revision
  recover:sitemap            recreate the articles the last generated sitemap lists that are missing
  regenerate-images --all | <article id>...
                             make new images for every article, or for these

Evidence (the record behind each article's AI involvement grade, docs/evidence-export.md):
  evidence --article <id> | --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--format csv|json] [--out <file>]
                             one article, or those published in the period (at most 366 days), as CSV
                             (the default) or JSON, to standard output or the file
`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]!;
}

const commands: Record<string, (orm: MikroORM, args: string[], config: AppConfig) => Promise<string>> = {
  async migrate(orm) {
    const applied = await orm.migrator.up();
    return applied.length ? `Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}` : 'Database is up to date.';
  },
  async 'migration:create'(orm, [name]) {
    const result = await orm.migrator.create(MIGRATIONS_SOURCE_DIR, false, false, name);
    return result.fileName ? `Wrote ${result.fileName}; add it to database/migrations/index.ts.` : 'No changes to migrate.';
  },
  async seed(orm, _args, config) {
    const result = await runDemoSeed(orm.em.fork(), config.images.mediaDir, config.trending);
    const lines = [result.seeded ? `Seeded ${result.articles} articles and ${result.topics} trending topics.` : 'Demo content already present.'];
    if (config.auth.initialAdmin) {
      const { username, password } = config.auth.initialAdmin;
      const { created } = await withPeople(orm, config, (people) => people.saveAccount({ username, password, role: 'owner', ifMissing: true }));
      lines.push(created ? `Created admin '${username}' (owner).` : `Admin '${username}' already exists.`);
    }
    return lines.join('\n');
  },
  async 'create-admin'(orm, args, config) {
    const { username, role, ifMissing } = parseCreateAdmin(args);
    return saveAdmin(orm, config, { username, role, ifMissing, password: await readPassword() });
  },
  async 'check-sign-ins'(orm) {
    const accounts = z.array(SignIn).parse(JSON.parse(await readStdin()));
    return (await workingSignIns(orm, accounts)).join('\n');
  },
  // One process where npm start ran four or five, each paying the boot of the ORM and every module (about
  // 2 CPU-seconds apiece): the steps and their order are those commands', and so are the lines printed.
  async prepare(orm, _args, config) {
    const input = z
      .object({
        seed: z.boolean(),
        accounts: z.array(SignIn.extend({ role: AdminRoleSchema.optional(), ifMissing: z.boolean() })),
        check: z.array(SignIn),
      })
      .parse(JSON.parse(await readStdin()));
    const lines = [await commands.migrate!(orm, [], config)];
    if (input.seed) lines.push(await commands.seed!(orm, [], config));
    lines.push(...(await Promise.all(input.accounts.map((account) => saveAdmin(orm, config, account)))));
    return JSON.stringify({ lines, working: await workingSignIns(orm, input.check) });
  },
};

const SignIn = z.object({ username: z.string(), password: z.string() });

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Creates the account, or sets its password (and role), as create-admin does; the line it prints. */
async function saveAdmin(
  orm: MikroORM,
  config: AppConfig,
  { username, password, role, ifMissing }: { username: string; password: string; role?: (typeof ADMIN_ROLES)[number]; ifMissing: boolean },
): Promise<string> {
  const minLength = config.site.env === 'production' ? PRODUCTION_PASSWORD_MIN_LENGTH : 1;
  if (password.length < minLength) throw new Error(`The password must be at least ${minLength} characters.`);
  const saved = await withPeople(orm, config, (people) => people.saveAccount({ username, password, role, ifMissing }));
  if (saved.created) return `Created admin '${username}' (${saved.role}).`;
  return ifMissing
    ? `Admin '${username}' already exists (${saved.role}).`
    : `Set a new password for admin '${username}' (${saved.role}); its sessions are ended.`;
}

/** The usernames among `accounts` whose password signs in, checked without signing in: no session, no last sign-in time. */
async function workingSignIns(orm: MikroORM, accounts: { username: string; password: string }[]): Promise<string[]> {
  const users = new AdminUsersService(orm.em);
  const working = [];
  for (const { username, password } of accounts) if (await users.checkCredentials(username, password)) working.push(username);
  return working;
}

function parseCreateAdmin(args: string[]): { username: string; role?: (typeof ADMIN_ROLES)[number]; ifMissing: boolean } {
  const usage = `Usage: create-admin <username> [--role ${ADMIN_ROLES.join('|')}] [--if-missing]`;
  let username: string | undefined;
  let role: (typeof ADMIN_ROLES)[number] | undefined;
  let ifMissing = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--if-missing') ifMissing = true;
    else if (arg === '--role' || arg.startsWith('--role=')) {
      const value = arg === '--role' ? args[++i] : arg.slice('--role='.length);
      const parsed = AdminRoleSchema.safeParse(value);
      if (!parsed.success) throw new Error(`--role ${parsed.error.issues[0]!.message}. ${usage}`);
      role = parsed.data;
    } else if (!arg.startsWith('--') && username === undefined) username = arg.trim();
    else throw new Error(usage);
  }
  if (!username) throw new Error(usage);
  return { username, role, ifMissing };
}

/** The people store with a Redis connection of its own, to end the sessions of an account it changes. */
async function withPeople<T>(orm: MikroORM, config: AppConfig, work: (people: PeopleService) => Promise<T>): Promise<T> {
  const redis = new Redis(config.redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    return await work(new PeopleService(orm.em, redis));
  } finally {
    redis.disconnect();
  }
}

async function runOpsCommand(name: string, args: string[]): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createOpsApp(config);
  try {
    const summary = await OPS_COMMANDS[name]!(app, config, args, (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`${summary}\n`);
  } finally {
    await app.close();
  }
}

/** The evidence export, streamed to standard output (or --out): nothing else may write there. */
async function runEvidence(args: string[]): Promise<void> {
  let parsed: ReturnType<typeof parseEvidenceArgs>;
  try {
    parsed = parseEvidenceArgs(args);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(64);
  }
  const app = await createEvidenceApp(loadConfigOrExit());
  try {
    process.stderr.write(`${await runEvidenceCommand(app.get(EvidenceExportService), parsed, process.stdout)}\n`);
  } finally {
    await app.close();
  }
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  if (name && name in OPS_COMMANDS) return runOpsCommand(name, args);
  if (name === 'evidence') return runEvidence(args);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(USAGE);
    process.exit(name ? 64 : 0);
  }
  const config = loadConfigOrExit();
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: config.database.url, poolMax: 2 }));
  try {
    process.stdout.write(`${await command(orm, args, config)}\n`);
  } finally {
    await orm.close(true);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
