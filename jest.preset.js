// Shared jest settings: ESM mode, TypeScript through SWC with legacy decorators
// and decorator metadata (NestJS and MikroORM rely on both).
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
