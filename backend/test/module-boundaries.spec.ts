import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The boundaries of eslint.config.js, as the lint of each project applies them: a backend module is used
 * through its index.ts, the apps never import the backend, and the libraries import no app.
 */
describe('module boundaries (lint)', () => {
  const eslint = new ESLint({ cwd: REPO_ROOT });

  /** The boundary errors ESLint reports for `code` as the file `filePath` (relative to the repository). */
  async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: path.join(REPO_ROOT, filePath) });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
  }

  it('refuses a deep import into another backend module, and accepts its index', async () => {
    expect(await boundaryErrors("import { Article as x } from '../articles/article.entity.js';", 'backend/src/modules/chat/x.ts')).toEqual([
      expect.stringContaining('through its index.ts'),
    ]);
    expect(await boundaryErrors("import { Article as x } from '../articles/index.js';", 'backend/src/modules/chat/x.ts')).toEqual([]);
  });

  it("lets a module's files import each other and the shared code, but not their own index", async () => {
    expect(await boundaryErrors("import { ChatService as x } from './chat.service.js';", 'backend/src/modules/chat/x.ts')).toEqual([]);
    expect(await boundaryErrors("import { cacheKeys as x } from '../../common/surrogate-keys.js';", 'backend/src/modules/chat/x.ts')).toEqual([]);
    expect(await boundaryErrors("import { ChatModule as x } from './index.js';", 'backend/src/modules/chat/x.ts')).toEqual([
      expect.stringContaining('import each other directly'),
    ]);
  });

  it('refuses deep imports into modules from outside them (app, queue)', async () => {
    expect(await boundaryErrors("import { Article as x } from '../modules/articles/article.entity.js';", 'backend/src/queue/x.ts')).toEqual([
      expect.stringContaining('through its index.ts'),
    ]);
    expect(await boundaryErrors("import { Article as x } from '../modules/articles/index.js';", 'backend/src/app/x.ts')).toEqual([]);
  });

  it('refuses database/ importing any module or the app: it is below them', async () => {
    expect(await boundaryErrors("import { ARTICLES_ENTITIES as x } from '../modules/articles/index.js';", 'backend/src/database/x.ts')).toEqual([
      expect.stringContaining('below the modules'),
    ]);
    expect(await boundaryErrors("import type { Article as x } from '../../modules/articles/index.js';", 'backend/src/database/schema/x.ts')).toEqual([
      expect.stringContaining('below the modules'),
    ]);
    expect(await boundaryErrors("import { ENTITIES as x } from '../app/entities.js';", 'backend/src/database/x.ts')).toEqual([
      expect.stringContaining('below the modules'),
    ]);
    expect(await boundaryErrors("import { moduleDatabase as x } from './kysely.js';", 'backend/src/database/x.ts')).toEqual([]);
  });

  it('refuses an app importing the backend', async () => {
    expect(await boundaryErrors("import { x } from '@ai-mind/backend';", 'public-site/src/x.ts')).toEqual([expect.stringContaining('over HTTP')]);
    expect(await boundaryErrors("import { ArticleReads as x } from '../../backend/src/modules/articles/index.js';", 'admin-app/src/x.ts')).toEqual([
      expect.stringContaining('over HTTP'),
    ]);
  });

  it('refuses a library importing an app', async () => {
    expect(await boundaryErrors("import { x } from '@ai-mind/public-site';", 'libs/ui/src/x.ts')).toEqual([expect.stringContaining('imports none of them')]);
    expect(await boundaryErrors("import { x } from '../../../shell/src/x';", 'libs/contracts/src/x.ts')).toEqual([
      expect.stringContaining('imports none of them'),
    ]);
    expect(await boundaryErrors("import { api as x } from '@ai-mind/contracts';", 'libs/ui/src/x.ts')).toEqual([]);
  });

  it('keeps one import path for the access declarations: a re-export of common/route-access.ts is refused', async () => {
    const syntaxErrors = async (code: string, filePath: string) => {
      const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(REPO_ROOT, filePath) });
      return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
    };
    for (const reExport of ["export { Public } from '../../common/route-access.js';", "export * from '../../common/route-access.js';"]) {
      expect(await syntaxErrors(reExport, 'backend/src/modules/auth/x.ts')).toEqual([expect.stringContaining('one import path')]);
    }
    expect(
      await syntaxErrors("import { Public } from '../../common/route-access.js';\nexport const used = [Public];", 'backend/src/modules/chat/x.ts'),
    ).toEqual([]);
  });
});
