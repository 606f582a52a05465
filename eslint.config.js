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
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
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
