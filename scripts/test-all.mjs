#!/usr/bin/env node
// Runs every check and test suite in order, keeps going after a failure so one run shows
// everything, and ends with the line CI reads: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const reports = join('node_modules', '.cache', 'test-all');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
// The summary is what CI shows of a long log: it names each failed test, so a flake can be found.
const failures = [];

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: r.status === 0, seconds };
}

function check(name, cmd, args) {
  const r = run(name, cmd, args);
  if (r.ok) passed += 1;
  else failed += 1;
  lines.push(`${name}: ${r.ok ? 'ok' : 'FAILED'} (${r.seconds} s)`);
}

function vitest(name, args) {
  const out = join(reports, `${name}.json`);
  const r = run(name, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  if (!existsSync(out)) {
    failed += 1;
    lines.push(`${name}: FAILED before reporting (${r.seconds} s)`);
    return;
  }
  const j = JSON.parse(readFileSync(out, 'utf8'));
  const f = j.numFailedTests + (r.ok || j.numFailedTests > 0 ? 0 : 1);
  for (const file of j.testResults ?? []) {
    const where = `${name}: ${relative(process.cwd(), file.name)}`;
    const tests = file.assertionResults ?? [];
    for (const t of tests) if (t.status === 'failed') failures.push(`${where} › ${t.fullName}`);
    // a file that fails outside any test (an import, a beforeAll) names no failed test of its own
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed'))
      failures.push(`${where} › ${String(file.message ?? 'failed outside its tests').split('\n')[0]}`);
  }
  passed += j.numPassedTests;
  failed += f;
  skipped += j.numPendingTests + j.numTodoTests;
  lines.push(`${name}: ${j.numPassedTests} passed, ${f} failed (${r.seconds} s)`);
}

function playwright(name) {
  const out = join(reports, `${name}.json`);
  const r = run(name, 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (!existsSync(out)) {
    failed += 1;
    lines.push(`${name}: FAILED before reporting (${r.seconds} s)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const s = report.stats;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') failures.push(`${name}: ${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const e of report.errors ?? []) failures.push(`${name}: ${String(e.message ?? e).split('\n')[0]}`);
  const f = s.unexpected + (r.ok || s.unexpected > 0 ? 0 : 1);
  passed += s.expected + s.flaky;
  failed += f;
  skipped += s.skipped;
  lines.push(`${name}: ${s.expected + s.flaky} passed, ${f} failed, ${s.skipped} skipped (${r.seconds} s)`);
}

check('typecheck', 'npm', ['run', 'typecheck']);
check('lint', 'npm', ['run', 'lint']);
check('format', 'npm', ['run', 'format:check']);
// What ships: the renderer and the Electron bundles. A bundle that does not build fails here.
check('build', 'npm', ['run', 'build']);
vitest('unit-and-integration', []);
if (existsSync('vitest.reliability.config.ts')) vitest('reliability', ['--config', 'vitest.reliability.config.ts']);
if (existsSync('playwright.config.ts')) playwright('e2e');

console.log('\n=== summary');
for (const l of lines) console.log(l);
for (const f of failures) console.log(`failed: ${f}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
