import { DockerfileParser, type Flag, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import fs from 'node:fs';
import path from 'node:path';

export interface Stage {
  name: string | null;
  /** The image or earlier stage it starts from. */
  base: string;
  instructions: Instruction[];
}

export function parseStages(content: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(content).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const args = instruction.getArguments().map((argument) => argument.getValue());
      const asIndex = args.findIndex((arg) => arg.toUpperCase() === 'AS');
      stages.push({ name: asIndex >= 0 ? args[asIndex + 1]! : null, base: args.find((arg) => !arg.startsWith('--'))!, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** A stage and the stages it is built on, base first. */
function chain(stages: Stage[], target: string): Stage[] {
  const stage = stages.find((s) => s.name === target);
  if (!stage) return [];
  return [...chain(stages, stage.base), stage];
}

const flagValue = (instruction: Instruction, name: string): string | undefined =>
  (instruction as unknown as { getFlags(): Flag[] })
    .getFlags()
    .find((flag) => flag.getName() === name)
    ?.getValue() ?? undefined;

/** ENV values a target's image starts with (its own ENV and those of the stages it builds on). */
export function stageEnv(content: string, target: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const stage of chain(parseStages(content), target)) {
    for (const instruction of stage.instructions) {
      if (instruction.getKeyword() !== 'ENV') continue;
      const text = (instruction.getArgumentsContent() ?? '').replace(/\\\r?\n/g, ' ');
      for (const match of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) env[match[1]!] = match[2]!.replace(/^"|"$/g, '');
    }
  }
  return env;
}

/** The last instruction of a kind that a target's image carries (CMD, HEALTHCHECK, USER), base stages included. */
export function lastInstruction(content: string, target: string, keyword: string): string | undefined {
  const found = chain(parseStages(content), target)
    .flatMap((stage) => stage.instructions)
    .filter((instruction) => instruction.getKeyword() === keyword);
  return found.at(-1)?.getArgumentsContent() ?? undefined;
}

/** `**` and `*` patterns of a .dockerignore, as tests of a context-relative path. */
function ignoreMatchers(ignoreFile: string | undefined): ((relative: string) => boolean)[] {
  if (!ignoreFile || !fs.existsSync(ignoreFile)) return [];
  return fs
    .readFileSync(ignoreFile, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((pattern) => {
      const source = pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(?:.*/)?')
        .replace(/\*\*/g, '.*')
        .replace(/\*/g, '[^/]*');
      const regex = new RegExp(`^${source}(?:/.*)?$`);
      return (relative: string) => regex.test(relative);
    });
}

/**
 * What would make `docker build` of this Dockerfile fail or produce an unsafe image, found without
 * a container engine: syntax errors (dockerfile-utils, the Docker language server's validator),
 * COPY sources missing from the build context or excluded by its ignore file, COPY --from naming no
 * earlier stage, and final targets that run as root or lack a HEALTHCHECK.
 */
export function dockerfileProblems(content: string, options: { contextDir: string; ignoreFile?: string; targets: string[] }): string[] {
  const problems = validate(content)
    .filter((diagnostic) => diagnostic.severity === 1)
    .map((diagnostic) => `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
  const stages = parseStages(content);
  const ignored = ignoreMatchers(options.ignoreFile);
  stages.forEach((stage, index) => {
    const earlier = new Set(stages.slice(0, index).map((s) => s.name));
    for (const instruction of stage.instructions) {
      if (instruction.getKeyword() !== 'COPY' && instruction.getKeyword() !== 'ADD') continue;
      const line = instruction.getRange().start.line + 1;
      const from = flagValue(instruction, 'from');
      if (from !== undefined) {
        if (!earlier.has(from)) problems.push(`line ${line}: COPY --from=${from} names no earlier stage`);
        continue;
      }
      const paths = instruction
        .getArguments()
        .map((argument) => argument.getValue())
        .filter((arg) => !arg.startsWith('--'));
      for (const source of paths.slice(0, -1)) {
        const relative = path.posix.normalize(source).replace(/^\.\/|\/$/g, '');
        if (!fs.existsSync(path.join(options.contextDir, relative))) problems.push(`line ${line}: COPY source ${source} does not exist in the build context`);
        else if (ignored.some((test) => test(relative))) problems.push(`line ${line}: COPY source ${source} is excluded by the ignore file`);
      }
    }
  });
  for (const target of options.targets) {
    if (!stages.some((stage) => stage.name === target)) {
      problems.push(`target ${target} is not a stage`);
      continue;
    }
    const user = lastInstruction(content, target, 'USER');
    if (!user || /^(root|0)(:|$)/.test(user.trim())) problems.push(`target ${target} runs as root (no USER, or USER root, in its stages)`);
    if (!lastInstruction(content, target, 'HEALTHCHECK')) problems.push(`target ${target} has no HEALTHCHECK`);
  }
  return problems;
}
