import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const BACKEND_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A file of the comments module, compiled with the backend's sources and options (the program holds every
 * module's tables.ts, as the build does). That module owns `comment` and declares it reads `article`.
 */
const FIXTURE = path.join(BACKEND_DIR, 'src/modules/comments/table-ownership.fixture.ts');
const FIXTURE_LINES = [
  "import type { EntityManager } from '@mikro-orm/postgresql';",
  "import { commentsDb } from './tables.js';",
  'export async function queries(em: EntityManager) {',
  "  await commentsDb(em).selectFrom('comment').select('id').execute(); // own",
  "  await commentsDb(em).selectFrom('article').select('title').execute(); // declared read",
  "  await commentsDb(em).selectFrom('comment as c').innerJoin('article as a', 'a.id', 'c.article_id').select('a.slug').execute(); // a join on a read",
  "  await commentsDb(em).updateTable('comment').set({ spam: true }).execute(); // a write of its own",
  "  await commentsDb(em).selectFrom('admin_user').select('username').execute(); // undeclared",
  "  await commentsDb(em).selectFrom('comment').innerJoin('error_report', 'error_report.article_id', 'comment.article_id').selectAll().execute(); // undeclared join",
  "  await commentsDb(em).deleteFrom('article').execute(); // a write of a read",
  "  await commentsDb(em).with('gone', (q) => q.deleteFrom('article')).selectFrom('comment').selectAll().execute(); // a write of a read in a CTE",
  '}',
];

/** The compiler's errors in the fixture, as `line: message` (lines from 1). */
function fixtureErrors(): { line: number; message: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(BACKEND_DIR, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('backend/tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const text = FIXTURE_LINES.join('\n');
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === FIXTURE ? ts.createSourceFile(name, text, language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => path.resolve(name) === FIXTURE || fileExists.call(host, name);
  host.readFile = (name) => (path.resolve(name) === FIXTURE ? text : readFile.call(host, name));
  const program = ts.createProgram({ rootNames: [...config.fileNames.filter((name) => !name.includes('/test/')), FIXTURE], options: config.options, host });
  const source = program.getSourceFile(FIXTURE)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => ({
    line: source.getLineAndCharacterOfPosition(diagnostic.start!).line + 1,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0]!,
  }));
}

describe("a module's tables, in the compiler (database/kysely.ts moduleDatabase)", () => {
  it('compiles queries on its own tables and reads of the tables it declares, and refuses any other table or a write of a read', () => {
    const errors = fixtureErrors();
    const lineOf = (comment: string) => FIXTURE_LINES.findIndex((line) => line.endsWith(`// ${comment}`)) + 1;
    const refused = [...new Set(errors.map((error) => error.line))].sort((a, b) => a - b);
    expect(refused).toEqual(['undeclared', 'undeclared join', 'a write of a read', 'a write of a read in a CTE'].map(lineOf));
    expect(errors.find((error) => error.line === lineOf('undeclared'))!.message).toContain('"admin_user"');
    expect(errors.find((error) => error.line === lineOf('a write of a read'))!.message).toContain('"article"');
  }, 180_000);
});
