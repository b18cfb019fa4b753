import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Classic zod cannot be tree-shaken: imported anywhere the browser reaches, all of it (~23 KB
// brotli) joins the first load. Core schemas and web code use zod/mini.
const CLASSIC_ZOD = ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
  name,
  message: 'Use zod/mini here: classic zod cannot be tree-shaken and would all load with the first page.',
}));

const FRAMEWORKS_OUT_OF_CORE = [
  'react',
  'react-dom',
  'react-router',
  'fastify',
  'drizzle-orm',
  'drizzle-kit',
  'pg',
  '@electric-sql/pglite',
  '@tanstack/react-query',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '.data/**',
      'apps/server/drizzle/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '**/e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Core is pure: no framework, no I/O (STYLE.md habit 2).
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...FRAMEWORKS_OUT_OF_CORE.map((name) => ({
              name,
              message: 'packages/core stays free of frameworks and I/O.',
            })),
            ...CLASSIC_ZOD,
          ],
          patterns: [
            {
              group: ['@fastify/*', '@radix-ui/*', 'drizzle-orm/*', 'node:*'],
              message: 'packages/core stays free of frameworks and I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: CLASSIC_ZOD }],
      // Imports flow one way: shared (components, lib, config) → features → app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['components', 'lib', 'config'].map((shared) => ({
              target: `./apps/web/src/${shared}`,
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not import features or the app.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features must not import the app.',
            },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features must not import each other; move shared code to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
);
