import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import { builtinModules } from 'node:module'

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)]

const restrict = (patterns, message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: patterns.map((name) => ({ name, message })),
      patterns: [{ group: ['node:*'], message }],
    },
  ],
})

/**
 * The renderer's layers: app → features → components → work → data → bridge → shared. A folder
 * may import only the layers after it. Only data/ touches IndexedDB, and features/components/work
 * reach it through data/<aggregate>/ modules, never the database itself. work/ is background work
 * (the outbox, bulk jobs, watches): its runners, their one recovery, lock and failure policy.
 */
const renderer = 'src/renderer/src'
const layerRule = (forbidden, message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [
        ...['electron', 'keytar', ...nodeBuiltins].map((name) => ({
          name,
          message: 'The renderer reaches Node only through the bridge.',
        })),
      ],
      patterns: [
        { group: ['node:*'], message: 'The renderer reaches Node only through the bridge.' },
        ...forbidden.map(({ group, why }) => ({ group, message: `${message} ${why}` })),
      ],
    },
  ],
})
const notDatabase = {
  group: ['dexie', 'dexie-react-hooks', '**/data/database/*', '**/data/database/**'],
  why: 'IndexedDB is read and written only in src/renderer/src/data/ (use a hook or repository of data/<aggregate>/).',
}
const upward = (...layers) =>
  layers.map((layer) => ({
    group: [`**/${layer}/*`, `**/${layer}/**`],
    why: `Imports run app → features → components → work → data → bridge → shared; ${layer}/ is above this folder.`,
  }))

/**
 * Which features a feature may import. Kept acyclic (checked below), so no import cycle can form
 * between features; a piece two features need moves down to components/ or data/.
 */
const featureImports = {
  bulk: ['cases', 'outbox', 'rescreen'],
  cases: ['rescreen', 'watch'],
  checks: ['cases', 'watch'],
  outbox: [],
  entities: ['cases', 'outbox'],
  history: ['checks', 'rescreen'],
  rescreen: [],
  search: ['checks', 'outbox'],
  // Trusting a pasted key asks for its fingerprint in Verify's dialog for a bundle's signer.
  settings: ['verify', 'team'],
  team: [],
  verify: ['cases'],
  watch: [],
}
const visiting = new Set()
const acyclic = new Set()
const visit = (feature, path) => {
  if (acyclic.has(feature)) return
  if (visiting.has(feature))
    throw new Error(`featureImports has a cycle: ${[...path, feature].join(' → ')}`)
  visiting.add(feature)
  for (const next of featureImports[feature] ?? []) visit(next, [...path, feature])
  visiting.delete(feature)
  acyclic.add(feature)
}
for (const feature of Object.keys(featureImports)) visit(feature, [])

const featureRules = (feature, allowed, { tests }) => ({
  files: [`${renderer}/features/${feature}/${tests ? '**/*.test.ts' : '**'}`],
  ...(tests ? {} : { ignores: ['**/*.test.ts'] }),
  rules: layerRule(
    [
      // A test may open a database of its own to run a feature against real IndexedDB.
      ...(tests ? [] : [notDatabase]),
      ...upward('app'),
      ...Object.keys(featureImports)
        .filter((other) => other !== feature && !allowed.includes(other))
        .map((other) => ({
          group: [`../${other}/*`, `**/features/${other}/*`],
          why: `features/${feature} may import only ${allowed.length ? allowed.join(', ') : 'no other feature'} (see featureImports in eslint.config.js).`,
        })),
    ],
    `features/${feature}:`,
  ),
})
const featureLayerRules = Object.entries(featureImports).flatMap(([feature, allowed]) => [
  featureRules(feature, allowed, { tests: false }),
  featureRules(feature, allowed, { tests: true }),
])

/** Syntax refused everywhere, in e2e code, and in e2e specs (each adds to the one before). */
const namedExportsOnly = [{ selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }]
const noSleeps = [
  ...namedExportsOnly,
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: 'Wait for a signal (a locator, an event, the page clock), not for time.',
  },
]
const pageModelsOnly = [
  ...noSleeps,
  {
    selector:
      'CallExpression[callee.property.name=/^(locator|getByTestId|getByRole|getByText|getByLabel|getByPlaceholder|getByTitle|getByAltText)$/]',
    message: 'Specs speak through the page models of e2e/pages/: add a locator or a method there.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...namedExportsOnly],
    },
  },
  {
    files: ['*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests wait for signals, and specs speak to the app through the page models of e2e/pages/.
    files: ['e2e/**'],
    rules: { 'no-restricted-syntax': ['error', ...noSleeps] },
  },
  {
    files: ['e2e/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...pageModelsOnly] },
  },
  {
    files: ['eslint.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/shared/**'],
    rules: restrict(
      ['electron', 'keytar', 'react', 'dexie', ...nodeBuiltins],
      'src/shared is imported by both sides: no Electron, Node, DOM libraries or native modules.',
    ),
  },
  {
    files: ['src/renderer/**'],
    rules: restrict(
      ['electron', 'keytar', ...nodeBuiltins],
      'The renderer reaches Node only through the bridge.',
    ),
  },
  {
    files: [`${renderer}/app/**`, `${renderer}/main.tsx`],
    rules: layerRule([notDatabase], 'app:'),
  },
  ...featureLayerRules,
  {
    files: [`${renderer}/components/**`],
    rules: layerRule(
      [notDatabase, ...upward('app', 'features', 'work', 'data')],
      'components/ are shared UI pieces:',
    ),
  },
  {
    files: [`${renderer}/work/**`],
    ignores: ['**/*.test.ts'],
    rules: layerRule(
      [notDatabase, ...upward('app', 'features', 'components')],
      'work/ runs background work:',
    ),
  },
  {
    files: [`${renderer}/work/**/*.test.ts`],
    rules: layerRule(upward('app', 'features', 'components'), 'work/ runs background work:'),
  },
  {
    files: [`${renderer}/data/**`],
    rules: layerRule(upward('app', 'features', 'components', 'work'), 'data/:'),
  },
  {
    files: [`${renderer}/bridge/**`],
    rules: layerRule(
      [
        {
          group: ['dexie', 'dexie-react-hooks'],
          why: 'The bridge client carries calls; it stores nothing.',
        },
        ...upward('app', 'features', 'components', 'data'),
      ],
      'bridge/:',
    ),
  },
  {
    files: [
      'src/main/services/**',
      'src/main/bridge/**',
      'src/main/host/**',
      'src/main/app/**',
      'src/main/web/**',
      'src/sandbox/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/electron and src/main/index.ts may import electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.tsx', 'src/renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
