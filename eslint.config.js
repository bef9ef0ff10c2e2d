// Type-aware linting for every workspace: floating promises and type-only imports are the
// mistakes that matter most across worker and HTTP boundaries.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.bench-work/**',
      '.scratch/**',
      'coverage/**',
      '.test-work/**',
      // The test corpus is kept exactly as its upstream sources ship it (fixtures/corpus/SOURCES.md).
      'fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // Each workspace is checked with its own compiler settings (the web app bundles for browsers).
        project: [
          './tsconfig.eslint.json',
          './apps/web/tsconfig.json',
          './apps/web/service-worker/tsconfig.json',
          './apps/server/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Interface methods are async by contract even where one implementation needs no await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
