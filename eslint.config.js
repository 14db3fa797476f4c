import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import areaBoundaries from './eslint-rules/area-boundaries.js';
import { importCycles } from './eslint-rules/import-cycles.js';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Tests read arbitrary JSON answers; the assertions are what check their shape.
    files: ['test/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One home per area: another area is reached only through its index.ts. Web features do not
    // import each other but for these edges (docs/decisions/018-web-feature-composition.md).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { earshot: { rules: { 'area-boundaries': areaBoundaries } } },
    rules: {
      'earshot/area-boundaries': [
        'error',
        {
          featureImports: {
            alerts: ['channels', 'ingestion', 'preview', 'relevance'],
            preview: ['mentions'],
          },
        },
      ],
    },
  },
  {
    // Imports flow one way: the server never reaches into the web app and vice versa.
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  // No import cycle in the app, type-only ones included (eslint-rules/import-cycles.js).
  importCycles({ files: ['src/**/*.{ts,tsx}'] }),
);
