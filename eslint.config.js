import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries (docs/architecture.md#modules). A backend module is used through its index.ts only: a file
// of backend/src/modules/<a>/ may import `../<b>/index.js` but no other file of <b>; the module's own
// files import each other directly. backend/test may reach a module's internals (its limits, its unit
// functions) where the index does not offer them, and so may unit specs colocated in a module.
// backend/src/database/ is below the modules and imports none of them (app/ assembles their entities).
const MODULE_INTERNALS = 'A module is used through its index.ts: import `<module>/index.js`, or add what you need to that index.';
const deepModuleImport = (prefix) => ({ regex: `^${prefix}(?!\\.\\.?/)[^/]+/(?!index\\.js$).+`, message: MODULE_INTERNALS });
const OWN_INDEX = "A module's own files import each other directly: its index.ts is for other modules (importing it from inside makes an import cycle).";
const DATABASE_BELOW_MODULES =
  'database/ is infrastructure below the modules: it imports none of them (nor app/). The composition root (app/) assembles their entities.';
const NO_BACKEND = 'The apps talk to the backend over HTTP (routes declared in @ai-mind/contracts), never by importing it.';
const NO_APP_IN_LIBS = 'A library serves the apps and imports none of them (nor the backend).';
const APPS = '(public-site|admin-app|shell|backend)';
const boundaries = [
  {
    files: ['backend/src/modules/*/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepModuleImport('\\.\\./'), { regex: '^\\./index\\.js$', message: OWN_INDEX }] }] },
  },
  {
    files: ['backend/src/modules/*/*/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepModuleImport('\\.\\./\\.\\./'), { regex: '^\\.\\./index\\.js$', message: OWN_INDEX }] }] },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/modules/**', '**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\.?/)+modules/[^/]+/(?!index\\.js$).+', message: MODULE_INTERNALS }] }] },
  },
  {
    files: ['backend/src/database/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+modules(/|$)', message: DATABASE_BELOW_MODULES },
            { regex: '^(\\.\\./)+app(/|$)', message: DATABASE_BELOW_MODULES },
          ],
        },
      ],
    },
  },
  {
    files: ['public-site/**/*.{ts,tsx,js,mjs}', 'admin-app/**/*.{ts,tsx,js,mjs}', 'shell/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@ai-mind/backend(/|$)', message: NO_BACKEND },
            { regex: '^(\\.\\./)+backend(/|$)', message: NO_BACKEND },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@ai-mind/${APPS}(/|$)`, message: NO_APP_IN_LIBS },
            { regex: `^(\\.\\./)+${APPS}(/|$)`, message: NO_APP_IN_LIBS },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '.data/**', '.tools/**', '.nx/**', '.test-results/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended, languageOptions: { globals: { ...globals.browser } } },
  // Product code logs through pino (backend) or shows errors to people (frontends), never the console.
  { files: ['backend/src/**/*.ts', '*/src/**/*.tsx'], rules: { 'no-console': 'error' } },
  // The apps call the routes declared once in @ai-mind/contracts (`api`, through callApi; an address the
  // browser opens itself through routeUrl), which the backend's api-contract spec checks; a written
  // `/api/...` address anywhere in an app would escape that check.
  // (esquery's regexes take no escaped slash: \x2F is '/'.)
  {
    files: ['admin-app/src/**/*.{ts,tsx}', 'public-site/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'libs/ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\x2Fapi(\\x2F|$)/]',
          message: 'Call a route declared in @ai-mind/contracts (`api`) through callApi (or routeUrl for an address) instead of writing its address.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\x2Fapi(\\x2F|$)/]',
          message: 'Call a route declared in @ai-mind/contracts (`api`) through callApi (or routeUrl for an address) instead of writing its address.',
        },
      ],
    },
  },
  // The access declarations (@Public() and its siblings) have one import path, common/route-access.ts,
  // so a search for the one spelling finds every use: a re-export would give them a second one.
  {
    files: ['backend/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(ExportNamedDeclaration, ExportAllDeclaration)[source.value=/common\\x2Froute-access\\.js$/]',
          message: 'Import the access declarations from common/route-access.ts itself: they have one import path, so do not re-export them.',
        },
      ],
    },
  },
  ...boundaries,
);
