#!/usr/bin/env node
// State has an owner (issue 33): production code keeps no mutable state at module level. A cache,
// a started-flag or a per-context map lives on the session or app object that creates and
// disposes it; at module level it outlives them, leaks between tests and hides who resets it.
// Finds module-level `let`/`var`, module-level constants holding a new mutable collection
// (`new Map()`, `new Set()`, ...), and module-level array or object literals the file mutates.
// `npm run lint` runs it; `node scripts/check-module-state.mjs [files...]` checks the given files.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOTS = ['electron', 'renderer', 'server', 'shared'];
const COLLECTIONS = new Set(['Map', 'WeakMap', 'Set', 'WeakSet', 'Array', 'EventEmitter']);
const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/**
 * What may stay at module level, as `<file name>:<name>` (the file's own name, so a move into a
 * room keeps its entry), each with why it is constant or process-wide by nature. Keep it short:
 * an entry here is a promise that no app, session or test owns the value.
 */
export const ALLOWED = new Map([
  // The worker thread's own script: its module lives exactly as long as the thread.
  ['encrypt-thread.ts:jobs', 'the worker thread is its owner'],
  // One encrypting worker thread per process, started on first use and unref'd: a thread is a
  // process resource every app and session shares; nextId numbers the jobs sent to it.
  ['encrypt-worker.ts:shared', 'one worker thread per process'],
  ['encrypt-worker.ts:nextId', 'job ids of the one worker thread'],
  // The OS's notifications of the one Electron process, held until clicked or closed (a
  // notification the garbage collector takes loses its click).
  ['arrival-notification.ts:shown', 'notifications of the one Electron process'],
  // The page's one bridge to main (window.exchange, or the loopback bridge signed in once per page).
  ['api.ts:chosen', "the page's one bridge"],
  // The page's one "reveal these items" bus; every subscriber unsubscribes when it unmounts.
  ['reveal.ts:listeners', "the page's one reveal bus"],
  // A canvas kept only to measure text: holds no data, answers the same for everyone.
  ['text-width.ts:context', 'a measuring canvas'],
  // A side table keyed by immutable item lists: its entries go with their lists, and no caller can
  // tell it is there (the same list in, the same merge out).
  ['file-tree.ts:indexes', 'memo keyed by immutable lists'],
  // One-entry memos of pure functions (the last day formatted, the last owner URL split): the
  // same answer whoever asks, so no app or session owns them.
  ['format.ts:cachedDay', 'memo of a pure function'],
  ['format.ts:cachedDayText', 'memo of a pure function'],
  ['views.ts:lastOwner', 'memo of a pure function'],
  // Known debt: keyed by the QueryClient that owns the window's caches (its entries go with it),
  // but still a per-context map. It moves into an object the window's QueryClient owns when the
  // renderer's data hooks move into their rooms (issue 33).
]);

/** Production sources: not tests, not test support, not declaration files. */
export function isProductionFile(path) {
  const p = path.split(sep).join('/');
  if (!/\.(ts|tsx|mts|cts)$/.test(p) || p.endsWith('.d.ts')) return false;
  if (/\.(test|spec)\.[cm]?tsx?$/.test(p)) return false;
  return !/(^|\/)(test-support|tests|__fixtures__|fixtures)\//.test(p);
}

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

function unwrap(e) {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isTypeAssertionExpression(e) ||
    ts.isNonNullExpression(e)
  )
    e = e.expression;
  return e;
}

function isAsConst(e) {
  for (
    let x = e;
    ts.isAsExpression(x) || ts.isSatisfiesExpression(x) || ts.isParenthesizedExpression(x);
    x = x.expression
  )
    if (ts.isAsExpression(x) && ts.isTypeReferenceNode(x.type) && x.type.typeName.getText() === 'const') return true;
  return false;
}

/** `ReadonlySet<T>`, `ReadonlyMap<K, V>`, `readonly T[]`, ...: the compiler keeps the file from mutating it. */
function isReadonlyType(type) {
  if (!type) return false;
  if (ts.isTypeOperatorNode(type)) return type.operator === ts.SyntaxKind.ReadonlyKeyword;
  return ts.isTypeReferenceNode(type) && /^Readonly(Set|Map|Array)?$/.test(type.typeName.getText());
}

/** The collection a `new X(...)` makes, when X is one of COLLECTIONS. */
function newCollection(init) {
  const e = unwrap(init);
  if (!ts.isNewExpression(e)) return undefined;
  const name = ts.isIdentifier(e.expression) ? e.expression.text : undefined;
  return name && COLLECTIONS.has(name) ? name : undefined;
}

/** Names the file mutates in place: `x.push(...)`, `x[k] = ...`, `x.k = ...`, `delete x.k`, `x.k++`. */
function mutatedNames(sf) {
  const names = new Set();
  const target = (e) => {
    e = unwrap(e);
    if ((ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) && ts.isIdentifier(unwrap(e.expression)))
      names.add(unwrap(e.expression).text);
  };
  const visit = (n) => {
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    )
      target(n.left);
    else if (ts.isDeleteExpression(n)) target(n.expression);
    else if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      [ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken].includes(n.operator)
    )
      target(n.operand);
    else if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      MUTATORS.has(n.expression.name.text) &&
      ts.isIdentifier(unwrap(n.expression.expression))
    )
      names.add(unwrap(n.expression.expression).text);
    else if (
      // Object.assign(x, ...)
      ts.isCallExpression(n) &&
      n.expression.getText(sf) === 'Object.assign' &&
      n.arguments[0] &&
      ts.isIdentifier(unwrap(n.arguments[0]))
    )
      names.add(unwrap(n.arguments[0]).text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return names;
}

/** The module-level state of one source file: `{ line, name, what }` for each finding. */
export function findModuleState(fileName, text) {
  const sf = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  let mutated;
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    if (st.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
    const list = st.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      const line = sf.getLineAndCharacterOfPosition(d.getStart(sf)).line + 1;
      const names = ts.isIdentifier(d.name) ? [d.name.text] : d.name.elements.map((el) => el.name.getText(sf));
      for (const name of names) {
        if (!isConst) {
          found.push({ line, name, what: `module-level ${list.flags & ts.NodeFlags.Let ? 'let' : 'var'}` });
          continue;
        }
        if (!d.initializer || !ts.isIdentifier(d.name) || isReadonlyType(d.type)) continue;
        const collection = newCollection(d.initializer);
        if (collection) {
          found.push({ line, name, what: `module-level new ${collection}()` });
          continue;
        }
        const init = unwrap(d.initializer);
        if ((ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init)) && !isAsConst(d.initializer)) {
          mutated ??= mutatedNames(sf);
          if (mutated.has(name)) found.push({ line, name, what: 'module-level literal mutated in place' });
        }
      }
    }
  }
  return found;
}

/**
 * Findings of the given files (default: every production file under ROOTS), minus ALLOWED; on a
 * whole-tree check also the ALLOWED entries nothing matches any more (moved into an owner, or
 * renamed), so the list does not keep promises about code that is gone.
 */
export function check(root, files) {
  const paths = files ?? ROOTS.flatMap((r) => [...walk(join(root, r))]);
  const problems = [];
  const used = new Set();
  for (const p of paths) {
    const rel = relative(root, p).split(sep).join('/');
    if (!isProductionFile(rel)) continue;
    for (const f of findModuleState(rel, readFileSync(p, 'utf8'))) {
      const entry = `${rel.slice(rel.lastIndexOf('/') + 1)}:${f.name}`;
      if (ALLOWED.has(entry)) used.add(entry);
      else problems.push(`${rel}:${f.line}: ${f.what} "${f.name}"`);
    }
  }
  if (!files)
    for (const entry of ALLOWED.keys())
      if (!used.has(entry)) problems.push(`scripts/check-module-state.mjs: ALLOWED entry "${entry}" matches nothing`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const args = process.argv.slice(2);
  const problems = check(root, args.length > 0 ? args.map((a) => resolve(a)) : undefined);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} module-level state finding(s): move each into the object that owns its lifetime ` +
        '(app, session, store), or, if truly constant or process-wide, list it in ALLOWED in scripts/check-module-state.mjs with why.',
    );
    process.exit(1);
  }
}
