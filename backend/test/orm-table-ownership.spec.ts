import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceFiles } from './support/source-files.js';

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');

/**
 * EntityManager (and query builder) calls that write an entity's table, or hand out what writes it
 * (a repository, a reference, a query builder). Kysely queries are held to their tables by the compiler
 * (table-ownership.spec.ts); this holds the ORM path to the same rule.
 */
const WRITING_CALLS = new Set([
  'create',
  'persist',
  'persistAndFlush',
  'remove',
  'removeAndFlush',
  'merge',
  'assign',
  'insert',
  'insertMany',
  'upsert',
  'upsertMany',
  'nativeUpdate',
  'nativeDelete',
  'getRepository',
  'getReference',
  'createQueryBuilder',
  'qb',
]);

/** Each module's entities, by name: the list its tables.ts declares it owns (`export const X_ENTITIES = [...]`). */
function ownedEntities(modulesDir: string): Map<string, Set<string>> {
  const owned = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(modulesDir)) {
    const tables = path.join(modulesDir, module, 'tables.ts');
    if (!fs.existsSync(tables)) continue;
    const source = ts.createSourceFile(tables, fs.readFileSync(tables, 'utf8'), ts.ScriptTarget.Latest);
    const names = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text.endsWith('_ENTITIES') && node.initializer) {
        const list = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (ts.isArrayLiteralExpression(list)) for (const element of list.elements) if (ts.isIdentifier(element)) names.add(element.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    owned.set(module, names);
  }
  return owned;
}

/**
 * Every ORM write of another module's table under `modulesDir`, as `file:line: call(Entity) writes <owner>'s table`:
 * a call of WRITING_CALLS whose first argument is an entity imported from the module that owns it.
 * Colocated unit specs are not the module's code and are left out.
 */
function foreignOrmWrites(modulesDir: string): string[] {
  const owned = ownedEntities(modulesDir);
  const found: string[] = [];
  for (const module of owned.keys()) {
    for (const file of sourceFiles(path.join(modulesDir, module)).filter((name) => !name.endsWith('.spec.ts'))) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      // Local name -> owning module, for each entity this file imports from another module.
      const foreign = new Map<string, string>();
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        const specifier = statement.moduleSpecifier.text;
        if (!specifier.startsWith('.')) continue;
        const [owner] = path.relative(modulesDir, path.resolve(path.dirname(file), specifier)).split(path.sep);
        if (!owner || owner === module || !owned.has(owner)) continue;
        const bindings = statement.importClause?.namedBindings;
        if (!bindings || !ts.isNamedImports(bindings)) continue;
        for (const element of bindings.elements) {
          if (owned.get(owner)!.has((element.propertyName ?? element.name).text)) foreign.set(element.name.text, owner);
        }
      }
      if (foreign.size === 0) continue;
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITING_CALLS.has(node.expression.name.text)) {
          const [entity] = node.arguments;
          if (entity && ts.isIdentifier(entity) && foreign.has(entity.text)) {
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            found.push(`${path.relative(modulesDir, file)}:${line}: ${node.expression.name.text}(${entity.text}) writes ${foreign.get(entity.text)}'s table`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

describe("a module's tables, on the ORM path (writes to another module's table go through its owner)", () => {
  it("no module writes another module's entity through the EntityManager", () => {
    expect(ownedEntities(MODULES_DIR).size).toBeGreaterThan(15);
    expect(foreignOrmWrites(MODULES_DIR)).toEqual([]);
  });

  describe('as the test reads it', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orm-ownership-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };

    it("finds a write of another module's entity, renamed or not, and lets reads and its own writes be", () => {
      write('topics/tables.ts', 'export const TOPICS_ENTITIES = [Topic, TopicSource] as const;\n');
      write('topics/index.ts', "export { Topic, TopicSource } from './topic.entity.js';\n");
      write('flow/tables.ts', 'export const FLOW_ENTITIES = [Delivery] as const;\n');
      write(
        'flow/deep/flow.service.ts',
        [
          "import { Topic, TopicSource as Source, TopicStore } from '../../topics/index.js';",
          "import { Delivery } from '../delivery.entity.js';",
          'export async function run(em: any, store: TopicStore) {',
          '  await em.findOne(Topic, 1);',
          '  em.create(Delivery, {});',
          "  await em.fork().nativeUpdate(Topic, { id: 1 }, { status: 'failed' });",
          '  em.create(Source, {});',
          '  await store.create(em, {});',
          '}',
        ].join('\n'),
      );
      write('flow/flow.spec.ts', "import { Topic } from '../topics/index.js';\nem.create(Topic, {});\n");
      expect(foreignOrmWrites(dir)).toEqual([
        `${path.join('flow', 'deep', 'flow.service.ts')}:6: nativeUpdate(Topic) writes topics's table`,
        `${path.join('flow', 'deep', 'flow.service.ts')}:7: create(Source) writes topics's table`,
      ]);
    });
  });
});
