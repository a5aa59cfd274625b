// The command-line tool: `npm run cli -- ...` or `study-exchange ...`.
// Exit codes: 0 ok, 1 service, network or data error, 2 usage error.
import { pathToFileURL } from 'node:url';
import { UserFacingError } from '../../shared/app-error.js';
import { ItemPathError } from '../../shared/item-path.js';
import { describeError } from '../services/exchange-errors.js';
import { ProfileError } from '../services/profiles/profiles.js';
import { USAGE, UsageError, boolFlag, parseCommandLine } from './args.js';
import { CliContext } from './context.js';
import { adminCommand, orgsCommand } from './admin.js';
import { containersCommand } from './studies.js';
import { accessCommand, collaboratorsCommand } from './sharing.js';
import { archiveCommand, studyCommand } from './archive.js';
import { itemsCommand } from './file-manager.js';
import { processIo, type CliIo } from './io.js';
import { pingCommand, profileCommand } from './profiles.js';
import { receiptsCommand } from './receipts.js';
import { requestsCommand, signoffCommand, signoffsCommand } from './signoffs.js';
import { checklistCommand, expiringCommand } from './binder.js';
import { shown } from './format.js';
import { SharingError } from '../services/sharing/sharing.js';
import { trustCommand, trustHint } from './trust.js';

const COMMANDS: Readonly<Record<string, (ctx: CliContext) => Promise<void>>> = {
  profile: profileCommand,
  ping: pingCommand,
  containers: containersCommand,
  collaborators: collaboratorsCommand,
  items: itemsCommand,
  access: accessCommand,
  orgs: orgsCommand,
  admin: adminCommand,
  receipts: receiptsCommand,
  trust: trustCommand,
  study: studyCommand,
  archive: archiveCommand,
  signoff: signoffCommand,
  signoffs: signoffsCommand,
  requests: requestsCommand,
  checklist: checklistCommand,
  expiring: expiringCommand,
};

export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let ctx: CliContext | undefined;
  try {
    const args = parseCommandLine(argv);
    if (boolFlag(args, 'help') || args.words.length === 0) {
      (args.words.length === 0 && !boolFlag(args, 'help') ? io.stderr : io.stdout)(USAGE + '\n');
      return args.words.length === 0 && !boolFlag(args, 'help') ? 2 : 0;
    }
    const command = COMMANDS[args.words[0]!];
    if (!command) throw new UsageError(`Unknown command "${args.words[0]}".`);
    ctx = new CliContext(args, io);
    await command(ctx);
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof ItemPathError ||
      (error instanceof ProfileError && error.failure !== 'invalid')
    ) {
      io.stderr(`error: ${error.message}\n${error instanceof UsageError ? 'Run with --help for usage.\n' : ''}`);
      return 2;
    }
    if (ctx?.json) io.stdout(JSON.stringify({ error: errorJson(error) }, null, 2) + '\n');
    // the message may quote the exchange or another organization: no terminal controls
    const hint =
      error instanceof UserFacingError
        ? ` ${error.explanation}`
        : error instanceof SharingError && error.failure === 'certificate-changed' && error.organizationId
          ? ` ${trustHint(error.organizationId)}`
          : '';
    io.stderr(`error: ${shown(describeError(error) + hint)}\n`);
    return 1;
  } finally {
    ctx?.close();
  }
}

function errorJson(error: unknown): unknown {
  if (
    error &&
    typeof error === 'object' &&
    'toJSON' in error &&
    typeof (error as { toJSON: unknown }).toJSON === 'function'
  )
    return (error as { toJSON(): unknown }).toJSON();
  if (error instanceof Error)
    return {
      name: error.name,
      message: error.message,
      ...('failure' in error ? { failure: (error as { failure: unknown }).failure } : {}),
    };
  return { message: String(error) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`error: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
