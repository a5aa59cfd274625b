// The single door between the renderer and main, shared by Electron IPC and the browser
// host: refuses untrusted senders and unknown operations, parses every payload with the
// contract's schema, and returns failures as data. Electron's side channel for dropped files
// (stage) comes through here too.
import type { z } from 'zod';
import {
  operations,
  stageArgs,
  type HandlerArgs,
  type IpcResult,
  type OperationName,
  type OperationResult,
} from '../../shared/ipc/contract.js';
import type { FileRef } from '../../shared/ipc/views.js';
import { invalidArgument, toAppError, untrustedSender } from '../../shared/app-error.js';

/** Who made a call, as the door knows it: what a handler may tie to the window (open listings). */
export interface Caller {
  readonly senderId: string;
}

export type Handlers = {
  readonly [N in OperationName]: (
    args: HandlerArgs<N>,
    caller?: Caller,
  ) => Promise<OperationResult<N>> | OperationResult<N>;
};

interface Sender {
  /** The URL of the frame that sent the call (Electron: senderFrame.url; browser host: the page origin). */
  readonly url: string;
  /** The window that sent it (Electron: its webContents id); calls without one share a window. */
  readonly id?: string;
}

export interface Door {
  call(sender: Sender, operation: string, rawArgs: unknown): Promise<IpcResult<unknown>>;
  /** Registers a file the preload read from a drop or a picker (Electron only). */
  stage(sender: Sender, rawArgs: unknown): Promise<IpcResult<FileRef>>;
}

interface DoorOptions {
  readonly handlers: Handlers;
  readonly stage?: (file: z.output<typeof stageArgs>) => FileRef;
  readonly isTrustedSender: (sender: Sender) => boolean;
  /** Where unexpected failures are logged; never receives payloads. */
  readonly log?: (line: string) => void;
}

export function createDoor(options: DoorOptions): Door {
  const { handlers, isTrustedSender, log = () => {} } = options;

  const refused = (sender: Sender): IpcResult<never> => ({
    ok: false,
    error: untrustedSender(`sender ${JSON.stringify(sender.url).slice(0, 200)}`),
  });

  /** The schema, then the handler; whatever fails comes back as data. */
  async function checked<S extends z.ZodType, R>(
    label: string,
    schema: S,
    rawArgs: unknown,
    run: (args: z.output<S>, caller: Caller) => Promise<R> | R,
    caller: Caller = { senderId: '' },
  ): Promise<IpcResult<R>> {
    const parsed = schema.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? first.path.join('.') : 'arguments';
      return { ok: false, error: invalidArgument(`${label}: ${where}: ${first?.message ?? 'invalid'}`) };
    }
    try {
      return { ok: true, value: await run(parsed.data, caller) };
    } catch (e) {
      const error = toAppError(e);
      if (error.code === 'internal') log(`${label} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return { ok: false, error };
    }
  }

  return {
    async call(sender, operation, rawArgs) {
      if (!isTrustedSender(sender)) return refused(sender);
      if (!Object.hasOwn(operations, operation)) {
        return { ok: false, error: invalidArgument(`unknown operation ${JSON.stringify(operation).slice(0, 100)}`) };
      }
      const name = operation as OperationName;
      return checked(
        name,
        operations[name].args,
        rawArgs,
        handlers[name] as (args: unknown, caller: Caller) => Promise<unknown>,
        { senderId: sender.id ?? '' },
      );
    },
    async stage(sender, rawArgs) {
      if (!isTrustedSender(sender)) return refused(sender);
      const { stage } = options;
      if (!stage) return { ok: false, error: invalidArgument('stage: not offered here') };
      return checked('stage', stageArgs, rawArgs, stage);
    },
  };
}

/** A sender check from an allowlist of origins (file:// pages compare by full path prefix). */
export function allowOrigins(allowed: readonly string[]): (sender: Sender) => boolean {
  const parsed = allowed.map((a) => new URL(a));
  return (sender) => {
    let url: URL;
    try {
      url = new URL(sender.url);
    } catch {
      return false;
    }
    // Scheme and host (with port), not .origin: a custom scheme such as app:// has the origin
    // 'null', which every other custom-scheme URL shares.
    return parsed.some((a) =>
      a.protocol === 'file:'
        ? url.protocol === 'file:' && url.pathname.startsWith(a.pathname)
        : url.protocol === a.protocol && url.host === a.host,
    );
  };
}
