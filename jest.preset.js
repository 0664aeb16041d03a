// Shared jest settings: ESM mode, TypeScript through SWC with legacy decorators
// and decorator metadata (NestJS and MikroORM rely on both).
import fs from 'node:fs';

export function swcTransform({ react = false } = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        target: 'es2023',
        parser: { syntax: 'typescript', tsx: react, decorators: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: true,
          ...(react ? { react: { runtime: 'automatic' } } : {}),
        },
        keepClassNames: true,
      },
      module: { type: 'es6' },
    },
  ];
}

const contractsPackage = JSON.parse(fs.readFileSync(new URL('./libs/contracts/package.json', import.meta.url), 'utf8'));

/**
 * `@ai-mind/contracts` and its subpaths read from their TypeScript source instead of the built `dist/`, so a
 * unit test runs on a fresh clone without building the library first. Derived from the package's own
 * `exports`, so a new entry point needs no edit here.
 */
export const contractsFromSource = Object.fromEntries(
  Object.entries(contractsPackage.exports).map(([subpath, target]) => [
    `^@ai-mind/contracts${subpath.slice(1)}$`,
    new URL(`./libs/contracts/${target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')}`, import.meta.url).pathname,
  ]),
);

export const esmPreset = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  reporters: ['default', new URL('./jest.summary-reporter.js', import.meta.url).pathname],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** Settings for React component tests: jsdom, Mantine's browser needs, CSS imports as stubs. */
export function reactJestConfig(displayName) {
  return {
    ...esmPreset,
    displayName,
    testEnvironment: new URL('./jest.dom-environment.js', import.meta.url).pathname,
    transform: { '^.+\\.(ts|tsx)$': swcTransform({ react: true }) },
    moduleNameMapper: {
      ...esmPreset.moduleNameMapper,
      '\\.css$': new URL('./jest.style-stub.js', import.meta.url).pathname,
    },
    setupFilesAfterEnv: [new URL('./jest.dom-setup.js', import.meta.url).pathname],
    // A whole Mantine page rendered in jsdom: fast alone, but CI's two cores also run the backend's
    // suite, and jest's 5 s default then fails tests that wait on nothing but the CPU.
    testTimeout: 20_000,
  };
}
