// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import storybook from 'eslint-plugin-storybook';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

/**
 * The import direction of docs/architecture.md, enforced:
 *   routes -> features -> ui, machines, lib, domain
 *   machines -> domain;  lib -> domain;  server -> domain
 *   ui, domain -> nothing of the app;  features never import each other.
 * Inside the server (ADRs 061, 181), rooms on floors: a room imports only itself and the rooms of the
 * floors below it, never a room beside it or above it, so the server's folders form a graph without
 * cycles. The floors, bottom first, are SERVER_FLOORS below; two exceptions: the CLI never imports
 * http, and http takes only types from db (route modules never query the database).
 * tests/lint/import-direction.test.ts proves each arrow fires.
 */
export const SERVER_FLOORS = [
  ['core'], // errors.ts, clock.ts, config.ts, links.ts
  ['db'],
  ['answers', 'storage', 'jobs', 'geography', 'pdf'],
  ['mail', 'auth', 'payments'],
  ['accounts'],
  ['quote', 'rewards'],
  ['orders'],
  ['staff'], // the shop's staff and their console's services (issue 38)
  ['http'],
  ['composition'], // the composition root: every service built with what it takes
  ['app', 'cli'], // app.ts, main.ts, worker.ts; operator commands
];

/** Where each server room's files are; a folder `server/<room>/` unless said here. */
const SERVER_ROOM_FILES = {
  core: ['server/errors.ts', 'server/clock.ts', 'server/config.ts', 'server/links.ts'],
  geography: ['server/geography.ts'],
  app: ['server/app.ts', 'server/main.ts', 'server/worker.ts'],
};

const serverRooms = SERVER_FLOORS.flat();
const serverElements = serverRooms.map((room) => ({ type: `server-${room}`, pattern: SERVER_ROOM_FILES[room] ?? `server/${room}/**`, mode: 'full' }));
/** Each room: itself, the rooms of every floor below, and domain/. */
const serverRules = SERVER_FLOORS.flatMap((floor, level) =>
  floor.map((room) => ({
    from: `server-${room}`,
    allow: [`server-${room}`, ...SERVER_FLOORS.slice(0, level).flat().map((below) => `server-${below}`), 'domain'].filter((to) => !(room === 'cli' && to === 'server-http') && !(room === 'http' && to === 'server-db')),
  })),
);

export const importDirection = {
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' } },
    'boundaries/include': ['routes/**', 'features/**', 'machines/**', 'ui/**', 'lib/**', 'domain/**', 'server/**'],
    'boundaries/elements': [
      { type: 'routes', pattern: 'routes', mode: 'folder' },
      { type: 'feature', pattern: 'features/*', mode: 'folder', capture: ['feature'] },
      { type: 'machines', pattern: 'machines', mode: 'folder' },
      { type: 'ui', pattern: 'ui', mode: 'folder' },
      { type: 'lib', pattern: 'lib', mode: 'folder' },
      { type: 'domain', pattern: 'domain', mode: 'folder' },
      // The server's rooms (SERVER_FLOORS); a file of no room (a new folder) may import nothing of
      // the server until its room is given a floor.
      ...serverElements,
      { type: 'server-unplaced', pattern: 'server/**', mode: 'full' },
    ],
  },
  rules: {
    'boundaries/element-types': [
      'error',
      {
        default: 'disallow',
        message: '${file.type} must not import ${dependency.type} (see docs/architecture.md, "Which way imports run"; the server\'s floors: SERVER_FLOORS in eslint.config.js)',
        rules: [
          { from: 'routes', allow: ['routes', 'feature', 'ui', 'machines', 'lib', 'domain'] },
          { from: 'feature', allow: [['feature', { feature: '${from.feature}' }], 'ui', 'machines', 'lib', 'domain'] },
          { from: 'machines', allow: ['machines', 'domain'] },
          { from: 'lib', allow: ['lib', 'domain'] },
          { from: 'ui', allow: ['ui'] },
          { from: 'domain', allow: ['domain'] },
          ...serverRules,
          // The services' types the routes are given name the database's (http/app-context.ts).
          { from: 'server-http', allow: ['server-db'], importKind: 'type' },
          { from: 'server-unplaced', allow: ['domain'] },
        ],
      },
    ],
  },
};

/**
 * Words from the catalogue (house style; ADR 065): in the JSX of features/ and routes/, a text or a
 * named attribute written as an English literal fails lint; it goes through `t()` from lib/i18n.
 * Punctuation, symbols, numbers and all-caps codes (`·`, `—`, `:`, `EXW`) may stay literal.
 * tests/lint/no-literal-string.test.ts proves the rule fires.
 */
/** The browser imports only types from domain/api (ADR 060). */
const domainApiValues = {
  regex: '^(#|(\\.\\./)+)domain/api/(?!bases(\\.ts)?$)',
  allowTypeImports: true,
  message: 'The browser imports only types from domain/api (its values are zod schemas; ADR 060). Constants live in domain/rules, domain/orders or domain/api/bases.',
};

const ariaThroughUi = { name: 'react-aria-components', message: 'Screens take react-aria-components through ui/ (ADR 197): use or add a component in ui/.' };

export const noLiteralString = {
  files: ['features/**/*.tsx', 'routes/**/*.tsx'],
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      {
        mode: 'jsx-only',
        message: 'Visible words come from the message catalogue (lib/i18n, `t()`), not a literal',
        'should-validate-template': true,
        'jsx-attributes': {
          // Attributes a person reads or hears; every other attribute (className, href, value, id, …) is code.
          include: [
            'aria-label',
            'aria-description',
            'aria-valuetext',
            'title',
            'placeholder',
            'alt',
            'label',
            'description',
            'errorMessage',
            'emptyState',
            'loadingLabel',
            'showLabel',
            'dismissLabel',
            'clearLabel',
            'unit',
            'unitLabel',
            'decrementLabel',
            'incrementLabel',
            'confirmLabel',
            'cancelLabel',
            'navigationLabel',
            'skipLinkLabel',
          ],
        },
        words: { exclude: [/^[\p{P}\p{S}\p{Z}\p{N}\s]+$/u, '[A-Z_-]+'] },
        callees: {
          exclude: ['t', 't\\.rich', 't\\.raw', 'require', 'addEventListener', 'removeEventListener', 'postMessage', 'getElementById', 'includes', 'indexOf', 'endsWith', 'startsWith', 'matches', 'send', 'encodeURIComponent', 'navigate', 'field', 'cardField', 'format\\.\\w+'],
        },
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'storybook-static*/',
      'test-results/',
      'playwright-report/',
      'data/',
      '.tmp/',
      'tests/lint/fixtures/',
      '.storybook/public/',
      '**/*.tmp.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Tailwind's reset takes the bullets off lists, and Safari then drops their list semantics
      // unless the role is written out (ADR 273): `role="list"` on <ul>/<ol> is not redundant here.
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name=/^(ul|ol)$/]:not(:has(JSXAttribute[name.name='role'])):not(:has(JSXAttribute[name.name='className'][value.value=/\\blist-(disc|decimal)\\b/]))",
          message: 'A list without bullets needs role="list", or Safari does not announce it as a list (ADR 273).',
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        // kebab-case; a leading number is allowed (migrations: 001-reference-data.ts).
        { '**/*.{ts,tsx,js,mjs}': '+([a-z0-9])*(-+([a-z0-9]))' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{domain,lib,ui,machines,features,routes,server,stories,tests,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  importDirection,
  noLiteralString,
  {
    // ADR 060: domain/api holds the zod schemas of the API. The browser takes only their types, so
    // zod stays out of the app's bundle; bases.ts (the API's addresses and headers) is plain data.
    files: ['{lib,machines,ui}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [domainApiValues] }] },
  },
  {
    // The same, and ui/ is the one door to react-aria-components (issue 37 item 5, ADR 197): screens
    // take their controls, collection types and primitives from ui/, so the library's styling, focus
    // and words are decided in one place. tests/lint/import-direction.test.ts proves it fires.
    files: ['{features,routes}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [domainApiValues], paths: [ariaThroughUi] }] },
  },
  {
    // The same, and the entry imports React DOM's client only dynamically (ADR 252): a static import
    // runs its 200 KB module inside the entry's own evaluation, the longest task of the app's start.
    files: ['routes/main.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [domainApiValues],
          paths: [
            ariaThroughUi,
            { name: 'react-dom/client', allowTypeImports: true, message: "The entry imports React DOM's client with import(), in a task after its own (ADR 252)." },
          ],
        },
      ],
    },
  },
);
