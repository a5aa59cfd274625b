// Import rules checked by `npm run lint` (dependency-cruiser): no import cycle anywhere (type-only
// imports count: a cycle of types is still a tangle), and the layers between the processes. The
// per-process library checks (no Node in the renderer, no electron outside the shell) are eslint's.
// Tests and test support may cross the layers (renderer tests start the app's core; desktop tests
// run a real reference server), never in a cycle.
const TESTS = '(\\.test\\.tsx?$|/test-support/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Parts take narrow interfaces of what they need, not the object that creates them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'renderer-not-to-main-or-server',
      severity: 'error',
      comment: 'The renderer reaches main only through the preload API; types are shared via shared/.',
      from: { path: '^renderer/', pathNot: TESTS },
      to: { path: '^(electron|server)/' },
    },
    {
      name: 'shared-not-to-processes',
      severity: 'error',
      comment: 'shared/ is used by every process, so it imports none of them.',
      from: { path: '^shared/', pathNot: TESTS },
      to: { path: '^(electron|server|renderer)/' },
    },
    {
      name: 'desktop-only-through-server-face',
      severity: 'error',
      comment:
        'The desktop app uses the reference server only through its sandbox face (server/index.ts reaches PostgreSQL).',
      from: { path: '^electron/', pathNot: TESTS },
      to: { path: '^server/', pathNot: '^server/sandbox\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
  },
};
