// The single door between the renderer and main, shared by Electron IPC and the browser
// host: refuses untrusted senders and unknown operations, parses every payload with the
// contract's schema, and returns failures as data.
import {
  operations,
  type IpcResult,
  type OperationArgs,
  type OperationName,
  type OperationResult,
} from '../../shared/ipc/contract.js';
import { invalidArgument, toAppError } from './app-error.js';

export type Handlers = {
  readonly [N in OperationName]: (args: OperationArgs<N>) => Promise<OperationResult<N>> | OperationResult<N>;
};

export interface Sender {
  /** The URL of the frame that sent the call (Electron: senderFrame.url; browser host: the page origin). */
  readonly url: string;
}

export interface Door {
  call(sender: Sender, operation: string, rawArgs: unknown): Promise<IpcResult<unknown>>;
}

export interface DoorOptions {
  readonly handlers: Handlers;
  readonly isTrustedSender: (sender: Sender) => boolean;
  /** Where unexpected failures are logged; never receives payloads. */
  readonly log?: (line: string) => void;
}

const refused = (details: string): IpcResult<never> => ({
  ok: false,
  error: {
    code: 'untrusted-sender',
    message: 'The request did not come from the app.',
    details,
    explanation: 'The app refused a request from an unknown page.',
    retryable: false,
  },
});

export function createDoor(options: DoorOptions): Door {
  const { handlers, isTrustedSender, log = () => {} } = options;
  return {
    async call(sender, operation, rawArgs) {
      if (!isTrustedSender(sender)) return refused(`sender ${JSON.stringify(sender.url).slice(0, 200)}`);
      if (!Object.hasOwn(operations, operation)) {
        return { ok: false, error: invalidArgument(`unknown operation ${JSON.stringify(operation).slice(0, 100)}`) };
      }
      const name = operation as OperationName;
      const parsed = operations[name].args.safeParse(rawArgs ?? {});
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first?.path.length ? first.path.join('.') : 'arguments';
        return { ok: false, error: invalidArgument(`${name}: ${where}: ${first?.message ?? 'invalid'}`) };
      }
      try {
        const handler = handlers[name] as (args: unknown) => Promise<unknown>;
        return { ok: true, value: await handler(parsed.data) };
      } catch (e) {
        const error = toAppError(e);
        if (error.code === 'internal') log(`${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        return { ok: false, error };
      }
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
    return parsed.some((a) =>
      a.protocol === 'file:' ? url.protocol === 'file:' && url.pathname.startsWith(a.pathname) : url.origin === a.origin,
    );
  };
}
