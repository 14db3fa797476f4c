import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import areaBoundaries from './eslint-rules/area-boundaries.js';
import { importCycles } from './eslint-rules/import-cycles.js';
import labelNeedsRole from './eslint-rules/label-needs-role.js';
import {
  bothRuntimes,
  browserOnly,
  nodeOnly,
  restrictGlobals,
} from './eslint-rules/runtime-globals.js';

// Code that runs in Node: the server, its tests, benchmarks, scripts and tool configs.
const nodeFiles = [
  'src/server/**',
  'test/**',
  'bench/**',
  'scripts/**',
  'eslint-rules/**',
  '*.{js,mjs,ts}',
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Each side sees only its runtime's globals (eslint-rules/runtime-globals.js), as tsc does.
    files: nodeFiles,
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-globals': restrictGlobals(browserOnly, 'this code runs in Node') },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-globals': restrictGlobals(nodeOnly, 'the web app runs in the browser'),
    },
  },
  {
    files: ['src/shared/**'],
    languageOptions: { globals: bothRuntimes },
    rules: {
      'no-restricted-globals': restrictGlobals(
        [...nodeOnly, ...browserOnly],
        'src/shared runs on the server and in the browser alike',
      ),
    },
  },
  {
    // Shared code's tests run in Node (vitest).
    files: ['src/shared/**/*.test.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-globals': restrictGlobals(browserOnly, 'this code runs in Node') },
  },
  {
    // Run in Node and reach into a page (functions passed to the browser, DOM helpers under
    // test): the browser tests, the web app's unit tests, the digest screenshot script and the
    // live dashboard's benchmark.
    files: [
      'e2e/**',
      'src/web/**/*.test.ts',
      'scripts/render-sample-digest.ts',
      'bench/live.bench.ts',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-restricted-globals': 'off' },
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
    // An aria-label only where a role can carry it (eslint-rules/label-needs-role.js).
    files: ['src/web/**/*.tsx'],
    plugins: { a11y: { rules: { 'label-needs-role': labelNeedsRole } } },
    rules: { 'a11y/label-needs-role': 'error' },
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
