// The module-state check on small fixture files: what it must find, what it must let pass, and
// that the command fails (exit 1) on a finding, as `npm run lint` relies on.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED, check, findModuleState, isProductionFile } from './check-module-state.mjs';

const names = (text: string) => findModuleState('fixture.ts', text).map((f) => `${f.name}: ${f.what}`);

describe('module-level state', () => {
  it('finds a module-level Map, WeakMap, Set and WeakSet', () => {
    expect(
      names(
        [
          'const cache = new Map<string, number>();',
          'export const perApp = new WeakMap<object, string>();',
          'const seen = new Set();',
          'const started = new WeakSet<object>();',
        ].join('\n'),
      ),
    ).toEqual([
      'cache: module-level new Map()',
      'perApp: module-level new WeakMap()',
      'seen: module-level new Set()',
      'started: module-level new WeakSet()',
    ]);
  });

  it('finds module-level let and var, also when exported or destructured', () => {
    expect(names('let last = 0;\nexport var count = 1;\nlet { a, b } = { a: 1, b: 2 };')).toEqual([
      'last: module-level let',
      'count: module-level var',
      'a: module-level let',
      'b: module-level let',
    ]);
  });

  it('finds a module-level array or object literal that the file mutates later', () => {
    const text = [
      'const queue: string[] = [];',
      'const byId = {} as Record<string, number>;',
      'const counters = { n: 0 };',
      'export function add(x: string) { queue.push(x); byId[x] = 1; counters.n++; }',
    ].join('\n');
    expect(names(text)).toEqual([
      'queue: module-level literal mutated in place',
      'byId: module-level literal mutated in place',
      'counters: module-level literal mutated in place',
    ]);
  });

  it('lets a Map inside a class, a function or a factory pass', () => {
    const text = [
      'export class Cache { private readonly byKey = new Map<string, number>(); static readonly none = 0; }',
      'export function make() { const seen = new Set<string>(); let n = 0; return () => seen.add(String(n++)); }',
      'export const factory = () => new Map();',
    ].join('\n');
    expect(names(text)).toEqual([]);
  });

  it('lets constants pass: readonly-typed collections, literals never mutated, `as const`', () => {
    const text = [
      "const KINDS: ReadonlySet<string> = new Set(['a', 'b']);",
      'const BY_CODE: ReadonlyMap<number, string> = new Map([[1, "one"]]);',
      "const ORDER: readonly string[] = ['x'];",
      'const LIMITS = { max: 10 };',
      "const MODES = ['open', 'save'] as const;",
      'export function read() { return LIMITS.max + ORDER.length + MODES.length + KINDS.size + BY_CODE.size; }',
      'declare let injected: number;',
    ].join('\n');
    expect(names(text)).toEqual([]);
  });

  it('reports the line of each finding', () => {
    expect(findModuleState('f.ts', '// a comment\n\nconst m = new Map();')).toEqual([
      { line: 3, name: 'm', what: 'module-level new Map()' },
    ]);
  });

  it('checks production files only', () => {
    expect(isProductionFile('electron/core/app.ts')).toBe(true);
    expect(isProductionFile('renderer/features/x/view.tsx')).toBe(true);
    expect(isProductionFile('electron/core/app.test.ts')).toBe(false);
    expect(isProductionFile('renderer/x.test.tsx')).toBe(false);
    expect(isProductionFile('electron/core/test-support/fixture-session.ts')).toBe(false);
    expect(isProductionFile('server/tests/two-nodes.ts')).toBe(false);
    expect(isProductionFile('shared/types.d.ts')).toBe(false);
  });
});

describe('the repository', () => {
  it('has no module-level state outside the allow-list, and every allow-list entry still matches', () => {
    expect(check(process.cwd())).toEqual([]);
  });

  it('names an allow-list entry that matches nothing', () => {
    const allowed = ALLOWED as Map<string, string>;
    allowed.set('gone.ts:cache', 'moved into its owner since');
    try {
      expect(check(process.cwd())).toEqual([
        'scripts/check-module-state.mjs: ALLOWED entry "gone.ts:cache" matches nothing',
      ]);
    } finally {
      allowed.delete('gone.ts:cache');
    }
  });
});

describe('the command', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'module-state-'));
    await writeFile(join(dir, 'with-map.ts'), 'export const cache = new Map<string, string>();\n');
    await writeFile(
      join(dir, 'in-class.ts'),
      'export class Owner {\n  readonly cache = new Map<string, string>();\n}\n',
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (file: string) =>
    spawnSync(process.execPath, ['scripts/check-module-state.mjs', join(dir, file)], { encoding: 'utf8' });

  it('fails on a file with a module-level Map, naming the file, line and name', () => {
    const r = run('with-map.ts');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/with-map\.ts:1: module-level new Map\(\) "cache"/);
  });

  it('passes a file whose Map lives in a class', () => {
    const r = run('in-class.ts');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
