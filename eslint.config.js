// Flat ESLint config. TypeScript rules are the non-type-aware recommended set (fast on two
// cores); the rules that matter most here are the process boundaries, enforced as errors.
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const electronImport = {
  name: 'electron',
  message: 'Only the shell (electron/shell/**) and the preload (electron/preload/**) may import electron.',
};
const electronSubpath = {
  regex: '^electron/',
  message: electronImport.message,
};

// The desktop app uses the reference server only as its sandbox, through its one face
// (server/sandbox.ts), which never reaches PostgreSQL: nothing else of server/ in its bundle.
const serverInsides = {
  regex: '^(\\.{1,2}/)+(.*/)?server/(?!sandbox\\.js$)',
  message: 'The desktop app imports of server/ only its face for the sandbox, server/sandbox.ts.',
};

const SHARED_WHY = 'shared/ runs in the renderer and in Node alike (shared/protocol alone is Node-only).';
const RENDERER_WHY =
  'The renderer runs sandboxed in the browser process: it reaches Node only through the preload API.';

// Bare names (`fs`, `fs/promises`, `path`, `crypto`, ...) straight from Node's own list.
const nodeBuiltins = builtinModules
  .filter((name) => !name.startsWith('_') && !name.startsWith('node:'))
  .map((name) => ({ name, message: `${RENDERER_WHY} Node built-in "${name}" is not available there.` }));

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'release/**',
      'e2e/artifacts/**',
      'test-results/**',
      'bench/results/**',
      'coverage/**',
      '.tmp/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
  },
  {
    // A few correctness rules of eslint:recommended (its package, @eslint/js, is not installed).
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'],
    rules: {
      'no-control-regex': 'error',
      'no-debugger': 'error',
      'no-cond-assign': 'error',
      'no-unsafe-finally': 'error',
      'no-self-assign': 'error',
      'no-self-compare': 'error',
      'no-useless-catch': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // `_`-prefixed names are the usual "deliberately unused" marker (callbacks, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The hooks rules only (not the plugin's compiler-era preset): a hook called out of order or
    // an effect that reads a value it does not list are bugs, not style.
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Everything but the shell and the preload: no electron.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'],
    ignores: ['electron/shell/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronImport], patterns: [electronSubpath] }],
    },
  },
  {
    // The desktop's production code: of server/ only its face (tests start whole exchanges).
    files: ['electron/**/*.{ts,tsx,mts,cts}'],
    ignores: ['electron/shell/**', 'electron/preload/**', 'electron/**/*.test.ts', 'electron/**/test-support/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronImport], patterns: [electronSubpath, serverInsides] }],
    },
  },
  {
    files: ['electron/shell/**/*.{ts,tsx,mts,cts}', 'electron/preload/**/*.{ts,tsx,mts,cts}'],
    ignores: ['electron/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverInsides] }],
    },
  },
  {
    // The renderer: no electron, no Node, no Node-only libraries, no main-process or server code.
    // (Overrides the rule above for these files, so it repeats electron.)
    files: ['renderer/**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronImport,
            ...nodeBuiltins,
            { name: 'node-forge', message: `${RENDERER_WHY} Cryptography runs in the main process.` },
            { name: 'better-sqlite3', message: `${RENDERER_WHY} Storage runs in the main process.` },
            { name: 'ws', message: `${RENDERER_WHY} Use the browser's WebSocket or the preload API.` },
          ],
          patterns: [
            electronSubpath,
            { regex: '^node:', message: `${RENDERER_WHY} Node built-ins are not available there.` },
            { regex: '^(node-forge|better-sqlite3|ws)/', message: `${RENDERER_WHY} Node-only library.` },
            {
              regex: '(^|/)shared/protocol(/|$)',
              message: `${RENDERER_WHY} shared/protocol is Node-only (crypto, streams); ask the main process over IPC.`,
            },
            {
              regex: '^(\\.{1,2}/)+(.*/)?(server|electron)(/|$)',
              message: `${RENDERER_WHY} Code under server/ and electron/ belongs to other processes; share types via shared/.`,
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ runs in the renderer and in Node alike: no Node built-ins, no electron, and no
    // reaching into one process's code. Only shared/protocol (crypto, streams) is Node's.
    files: ['shared/**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'],
    ignores: ['shared/protocol/**', 'shared/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport, ...nodeBuiltins.map(({ name }) => ({ name, message: SHARED_WHY }))],
          patterns: [
            electronSubpath,
            { regex: '^node:', message: SHARED_WHY },
            { regex: '(^|/)protocol(/|$)', message: `${SHARED_WHY} Import shared/protocol from the Node side only.` },
          ],
        },
      ],
    },
  },
);
