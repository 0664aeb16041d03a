import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceFiles } from './support/source-files.js';

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');

/** For each module, the modules it imports and, for each of those, the files that do. */
type ModuleGraph = Map<string, Map<string, string[]>>;

/**
 * The graph of the modules under `modulesDir` from every import of their files, as the compiler reads
 * them: `import type` and `export … from` count as much as a value import, and so does `import()`.
 * Colocated unit specs are not the module's code and are left out.
 */
function moduleGraph(modulesDir: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const module of fs.readdirSync(modulesDir).filter((name) => fs.statSync(path.join(modulesDir, name)).isDirectory())) {
    const edges = new Map<string, string[]>();
    graph.set(module, edges);
    for (const file of sourceFiles(path.join(modulesDir, module)).filter((name) => !name.endsWith('.spec.ts'))) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const [target] = path.relative(modulesDir, path.resolve(path.dirname(file), fileName)).split(path.sep);
        if (!target || target === '..' || target === module) continue;
        edges.set(target, [...(edges.get(target) ?? []), path.relative(modulesDir, file)]);
      }
    }
  }
  return graph;
}

/** A cycle of the graph as the modules along it (the first repeated at the end), or null. */
function findCycle(graph: ModuleGraph): string[] | null {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (module: string): string[] | null => {
    if (trail.includes(module)) return [...trail.slice(trail.indexOf(module)), module];
    if (done.has(module)) return null;
    trail.push(module);
    for (const target of [...(graph.get(module)?.keys() ?? [])].sort()) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(module);
    return null;
  };
  for (const module of [...graph.keys()].sort()) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return null;
}

/** A cycle as a reader fixes it: each step with the files that import the next module. */
function describeCycle(graph: ModuleGraph, cycle: string[]): string {
  return cycle
    .slice(0, -1)
    .map((module, i) => `${module} -> ${cycle[i + 1]} (${[...new Set(graph.get(module)!.get(cycle[i + 1]))].join(', ')})`)
    .join('\n');
}

describe('the module graph (docs/architecture.md#modules)', () => {
  it('has no cycle, type imports included', () => {
    const graph = moduleGraph(MODULES_DIR);
    expect(graph.size).toBeGreaterThan(20);
    const cycle = findCycle(graph);
    expect(cycle && describeCycle(graph, cycle)).toBeNull();
  });

  describe('as the test reads it', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };

    it('finds a cycle made by a type import, and names the files along it', () => {
      write('a/a.service.ts', "import { B } from '../b/index.js';\nexport const a = B;\n");
      write('b/index.ts', "export { B } from './b.js';\n");
      write('b/deep/b.ts', "import type { A } from '../../c/index.js';\nexport const B = 1 as unknown as A;\n");
      write('c/index.ts', "export type A = (typeof import('../a/a.service.js'))['a'];\n");
      write('c/c.spec.ts', "import { B } from '../b/index.js';\n");
      const graph = moduleGraph(dir);
      expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
      expect(describeCycle(graph, findCycle(graph)!)).toBe(
        ['a -> b (a/a.service.ts)', `b -> c (${path.join('b', 'deep', 'b.ts')})`, 'c -> a (c/index.ts)'].join('\n'),
      );
    });

    it('finds none when the imports point one way', () => {
      write('a/a.ts', "import type { B } from '../b/index.js';\nexport type A = B;\n");
      write('b/index.ts', "import { c } from '../c/index.js';\nexport type B = typeof c;\n");
      write('c/index.ts', "export const c = 1;\nimport './c.js';\n");
      expect(findCycle(moduleGraph(dir))).toBeNull();
    });
  });
});
