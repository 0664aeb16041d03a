import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
        { selector: 'Literal[value=/^\\x2Fapi(\\x2F|$)/]', message: 'Call a route declared in @ai-mind/contracts (`api`) through callApi (or routeUrl for an address) instead of writing its address.' },
        { selector: 'TemplateElement[value.raw=/^\\x2Fapi(\\x2F|$)/]', message: 'Call a route declared in @ai-mind/contracts (`api`) through callApi (or routeUrl for an address) instead of writing its address.' },
      ],
    },
  },
);
