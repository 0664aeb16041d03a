import path from 'node:path';
import ts from 'typescript';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // Each test reads the parts it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export interface SourcedManifest {
  file: string;
  manifest: Manifest;
}

/** kubernetes-models' module for a kind: core group objects live under v1/, others under <group>/<version>/. */
const modelModule = ({ apiVersion, kind }: Manifest) => `kubernetes-models/${apiVersion}/${kind}`;

/**
 * Errors from the Kubernetes OpenAPI schemas (as compiled into kubernetes-models): wrong types,
 * missing required fields, bad enum values. Unknown apiVersion/kind pairs are errors too.
 */
export async function schemaErrors(manifests: SourcedManifest[]): Promise<string[]> {
  const errors: string[] = [];
  for (const { file, manifest } of manifests) {
    const where = `${file} ${manifest.kind}/${manifest.metadata?.name}`;
    let Model: new (data: unknown) => { validate(): void };
    try {
      const module = (await import(modelModule(manifest))) as Record<string, new (data: unknown) => { validate(): void }>;
      Model = module[manifest.kind]!;
    } catch {
      errors.push(`${where}: unknown apiVersion/kind ${manifest.apiVersion} ${manifest.kind}`);
      continue;
    }
    try {
      new Model(manifest).validate();
    } catch (error) {
      const details = (error as { details?: { instancePath: string; message?: string }[] }).details;
      errors.push(...(details?.length ? details.map((d) => `${where}: ${d.instancePath || '/'} ${d.message}`) : [`${where}: ${(error as Error).message}`]));
    }
  }
  return errors;
}

/**
 * Unknown fields (a misspelt `livenessProbe` is silently ignored by a lenient apply, and the probe is
 * never set) and type mismatches, found by type-checking each manifest as an object literal of its
 * kind's TypeScript interface: excess-property checks reject every field the API does not define.
 */
export function strictFieldErrors(manifests: SourcedManifest[], baseDir: string): string[] {
  const virtualFile = path.join(baseDir, '__manifests__.ts');
  const lines: string[] = [];
  const owners: { from: number; to: number; where: string }[] = [];
  manifests.forEach(({ file, manifest }, index) => {
    const typeName = `M${index}`;
    lines.push(`import type { I${manifest.kind} as ${typeName} } from '${modelModule(manifest)}';`);
    const from = lines.length;
    lines.push(...`export const manifest${index}: ${typeName} = ${JSON.stringify(manifest, null, 1)};`.split('\n'));
    owners.push({ from, to: lines.length, where: `${file} ${manifest.kind}/${manifest.metadata?.name}` });
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    path.resolve(fileName) === virtualFile ? ts.createSourceFile(fileName, source, languageVersion, true) : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === virtualFile || fileExists(fileName);
  const program = ts.createProgram([virtualFile], options, host);
  const sourceFile = program.getSourceFile(virtualFile)!;
  return ts.getPreEmitDiagnostics(program, sourceFile).map((diagnostic) => {
    const line = diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line;
    const owner = owners.find((o) => line >= o.from && line < o.to);
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const near = diagnostic.start === undefined ? '' : ` near \`${source.slice(diagnostic.start, diagnostic.start + (diagnostic.length ?? 20)).trim()}\``;
    return `${owner?.where ?? 'manifests'}: ${text}${near}`;
  });
}
