import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import cssModules from './web/lint/css-modules.mjs';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.test-data/**', 'artifacts/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // A k6 script: k6's globals (the Node runner of bench/exam-day/k6 provides them too).
    files: ['bench/**/*scenario.js'],
    languageOptions: {
      globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' },
    },
  },
  {
    // CommonJS, as Jest loads its configuration.
    files: ['jest.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A controller is an entry point: only the app module names it, and it exports nothing but
    // its class. What it uses lives in the area's service, resource (serializer, query spec),
    // rules (write rules) or data (persistence helpers) file.
    files: ['services/**/*.ts'],
    ignores: ['services/*/src/app.module.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.controller', '**/*.controller.ts'],
              message:
                "Controllers are registered by the app module only; import from the area's service, resource, rules or data file.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/**/*.controller.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ExportNamedDeclaration > :matches(FunctionDeclaration, VariableDeclaration, TSInterfaceDeclaration, TSTypeAliasDeclaration)',
          message:
            "A controller file exports only its controller class; move helpers to the area's resource, rules or data file.",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // the rules of hooks (and the React Compiler's checks of components) for the client
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // every date the client shows is written by web/src/lib/dates.ts, in the interface language
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/dates.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(toLocaleDateString|toLocaleTimeString|toDateString|toTimeString|toUTCString|DateTimeFormat|RelativeTimeFormat)$/]',
          message:
            'Show dates through useDates() of web/src/lib/dates.ts, which writes them in the interface language.',
        },
      ],
    },
  },
  // a component's CSS Module is its own; the classes used exist (web/lint/css-modules.mjs)
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'css-modules': cssModules },
    rules: { 'css-modules/own-module': 'error', 'css-modules/known-class': 'error' },
  },
);
