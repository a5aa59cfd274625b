// Main's real handlers as the window's ExchangeApi, for renderer tests against real parts: every
// call through main's door (schemas, errors as data) and its answer copied as IPC would
// (JSON), events from the app core. Only the electron module itself is left out.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventPayloads, ExchangeApi, IpcResult } from '../../../shared/ipc/contract.js';
import { OPERATION_NAMES } from '../../../shared/ipc/names.js';
import { appError } from '../../../shared/app-error.js';
import { loadTrustedCas } from '../../../server/sandbox.js';
import type { AppContext } from '../app-context.js';
import { studyHandlers } from '../studies/study-handlers.js';
import { createDoor, type Handlers } from '../ipc-door.js';
import type { AppCore } from '../platform.js';
import type { Session } from '../profiles/session.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { openAppCore, type CoreCall } from './app-core.js';
import { fixtureSession } from './fixture-session.js';

export function doorApi(handlers: Partial<Handlers>, onEvent?: AppCore['onEvent']): ExchangeApi {
  // operations the handlers do not serve answer as an unknown handler would: a failure
  const door = createDoor({ handlers: handlers as Handlers, isTrustedSender: () => true });
  const copied = async (r: Promise<IpcResult<unknown>>): Promise<IpcResult<unknown>> =>
    JSON.parse(JSON.stringify(await r)) as IpcResult<unknown>;
  const operations = Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      (args: unknown) => copied(door.call({ url: 'app://test', id: 'window' }, name, args)),
    ]),
  );
  const on: ExchangeApi['on'] = (event, listener) =>
    onEvent?.((name, payload) => {
      if ((name as string) === event) listener(JSON.parse(JSON.stringify(payload)) as EventPayloads[typeof event]);
    }) ?? (() => undefined);
  const stageFile: ExchangeApi['stageFile'] = async () => ({
    ok: false,
    error: appError('not-available', 'No staging in this test window.', ''),
  });
  return { ...operations, on, stageFile } as unknown as ExchangeApi;
}

/** The study handlers (studies, collaborators, Find) acting as `session`'s organization; activity and notifications go nowhere. */
export function studyHandlersOf(session: Session): ReturnType<typeof studyHandlers> {
  const ctx = {
    session: async () => session,
    record: async () => undefined,
    options: { platform: { notify: () => undefined } },
  };
  return studyHandlers(ctx as unknown as AppContext);
}

/** A reference exchange with its sIRB's and its site's sessions as main opens them (trusting the fixture's CA). */
export async function twoOrganizations(): Promise<{
  fx: ExchangeFixture;
  sirb: Session;
  site: Session;
  close(): Promise<void>;
}> {
  const fx = await startFixture();
  const dir = await mkdtemp(join(tmpdir(), 'two-organizations-'));
  const sirb = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'), fx.url, [fx.ca.certificatePem]);
  const site = await fixtureSession(fx, fx.site, join(dir, 'site'), fx.url, [fx.ca.certificatePem]);
  const close = async (): Promise<void> => {
    sirb.close();
    site.close();
    await fx.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { fx, sirb, site, close };
}

/**
 * The app core on a new data folder (the embedded sandbox, its sIRB active) and the window's API to
 * it; with `trustSandboxCa`, the profile trusts the sandbox's CA as its anchor (Settings' trust anchors).
 */
export async function coreWindow(options: { readonly trustSandboxCa?: boolean } = {}): Promise<{
  api: ExchangeApi;
  call: CoreCall;
  profileId: string;
  stage(fileName: string, text: string): Promise<string>;
  close(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'core-window-'));
  const { core, call } = await openAppCore(join(dir, 'data'));
  const profileId = (await call('profiles.list', {})).find((p) => p.active)!.id;
  if (options.trustSandboxCa) {
    const anchors = loadTrustedCas(join(dir, 'data', 'sandbox', 'exchange'));
    await call('profiles.setTrustAnchors', { profileId, certificatesPem: anchors.join('\n') });
  }
  /** A file the user chose, as main holds it: its reference. */
  const stage = async (fileName: string, text: string): Promise<string> => {
    const path = join(dir, fileName);
    await writeFile(path, text);
    return core.registerFile({ path, relativePath: fileName, size: Buffer.byteLength(text) }).ref;
  };
  const close = async (): Promise<void> => {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { api: doorApi(core.handlers, (l) => core.onEvent(l)), call, profileId, stage, close };
}
