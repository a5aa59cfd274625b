// Command-line parsing: global flags, then words (command, subcommand, positionals), with
// flags allowed anywhere. Unknown flags and missing values are usage errors (exit code 2).
import { parseArgs } from 'node:util';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const OPTIONS = {
  // global
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  org: { type: 'string' },
  key: { type: 'string' },
  cert: { type: 'string' },
  'trust-ca': { type: 'string', multiple: true },
  'target-org': { type: 'string' },
  json: { type: 'boolean' },
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  // commands
  container: { type: 'string' },
  recurse: { type: 'boolean' },
  owner: { type: 'string' },
  since: { type: 'string' },
  name: { type: 'string' },
  auth: { type: 'boolean' },
  sirb: { type: 'boolean' },
  admin: { type: 'boolean' },
  'not-sirb': { type: 'boolean' },
  disabled: { type: 'boolean' },
  enabled: { type: 'boolean' },
  environment: { type: 'string' },
  'common-name': { type: 'string' },
  organization: { type: 'string' },
  country: { type: 'string' },
  bits: { type: 'string' },
  out: { type: 'string' },
  'media-type': { type: 'string' },
  csv: { type: 'boolean' },
  'only-mine': { type: 'boolean' },
  // the binder (decisions §8–§9)
  type: { type: 'string' },
  expires: { type: 'string' },
  person: { type: 'string' },
  'version-label': { type: 'string' },
  within: { type: 'string' },
  today: { type: 'string' },
  // the study record (containers create)
  protocol: { type: 'string' },
  pi: { type: 'string' },
  'pi-email': { type: 'string' },
  sponsor: { type: 'string' },
  description: { type: 'string' },
  title: { type: 'string' },
  fingerprint: { type: 'string' },
  note: { type: 'string' },
  // sign-offs (electron/cli/signoffs.ts)
  meaning: { type: 'string' },
  role: { type: 'string' },
  comment: { type: 'string' },
  due: { type: 'string' },
  message: { type: 'string' },
} as const;

type OptionName = keyof typeof OPTIONS;

export interface ParsedArgs {
  readonly words: readonly string[];
  readonly flags: Readonly<Partial<Record<OptionName, string | boolean | string[]>>>;
}

export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    return { words: positionals, flags: values as ParsedArgs['flags'] };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function stringFlag(args: ParsedArgs, name: OptionName): string | undefined {
  const v = args.flags[name];
  return typeof v === 'string' ? v : undefined;
}

/** A repeatable flag's values, in the order given (none: empty). */
export function stringFlags(args: ParsedArgs, name: OptionName): string[] {
  const v = args.flags[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}

export function requireFlag(args: ParsedArgs, name: OptionName): string {
  const v = stringFlag(args, name);
  if (v === undefined || v === '') throw new UsageError(`--${name} is required here.`);
  return v;
}

export function boolFlag(args: ParsedArgs, name: OptionName): boolean {
  return args.flags[name] === true;
}

/** The positional at index, or a usage error naming it. */
export function word(args: ParsedArgs, index: number, what: string): string {
  const v = args.words[index];
  if (v === undefined || v === '') throw new UsageError(`Missing ${what}.`);
  return v;
}

export const USAGE = `Usage: study-exchange [--profile NAME | --base-url URL --org ID --key FILE --cert FILE] [--trust-ca FILE]... [--json] [--data DIR] COMMAND

Profiles (stored in --data DIR, default the app data folder; keys protected by STUDY_EXCHANGE_PASSPHRASE):
  profile list
  profile add --name NAME --base-url URL --org ID --key FILE --cert FILE --trust-ca FILE... [--environment production|test|sandbox|other] [--sirb] [--admin]
      (--trust-ca, repeatable: the consortium's CA certificates, PEM; grants go only to certificates they issued)
  profile import-p12 FILE --name NAME --base-url URL --org ID [--environment ENV]   (password: STUDY_EXCHANGE_P12_PASSWORD or prompt;
      a backup of this app brings back the profile's reading keys too)
  profile backup NAME --out FILE.p12   (the current and reading keys with their certificates; password asked twice,
      at least 8 characters)
  profile renew NAME --key FILE --cert FILE   (once the administrator registered the certificate: the old key is kept
      for reading and your own items are wrapped again for the new one; without --key/--cert it finishes that)
  profile forget-old-keys NAME   (refused while an item still opens only with an old key)
  profile generate-key --name NAME --common-name CN --base-url URL --org ID [--organization O] [--country C] [--bits N] [--out CSR_FILE]
  profile set-cert NAME CERT_FILE
  profile remove NAME

Exchange:
  ping [--auth | --sirb]
  containers list | show ID | rename ID TITLE
  containers create --title TITLE [--protocol NUMBER] [--pi NAME] [--pi-email EMAIL] [--sponsor S] [--description D]
  collaborators list|add ORG_ID|remove ORG_ID --container ID   (the study record is granted or revoked with it)
  items list [PATH] [--recurse] [--owner ID] [--since ISO8601] --container ID
  items put LOCAL_FILE REMOTE_PATH [--name TITLE] [--type CODE] [--expires YYYY-MM-DD] [--person NAME] [--version-label TEXT] --container ID
  items describe REMOTE_PATH --container ID [--type CODE] [--expires YYYY-MM-DD] [--person NAME] [--version-label TEXT]
      (saves the same content again with these fields; "" removes one)
  items add LOCAL_FILE REMOTE_DIR [--name TITLE] --container ID
  items get REMOTE_PATH LOCAL_FILE --container ID   (another organization's document: a receipt is sent to its owner)
  items rm REMOTE_PATH --container ID
  access list PATH | grant PATH ORG_ID | update PATH ORG_ID | revoke PATH ORG_ID --container ID
  access rewrap --target-org ORG_ID [--container ID]   (after ORG_ID's new certificate: every grant of your items wrapped for it,
      once it passes the check: issued by a trust anchor, RSA >= 2048, valid; resumes where a cut run stopped;
      with a profile, --org ORG_ID still names the target)
  checklist show --container ID [--csv | --json] [--within DAYS] [--today YYYY-MM-DD]   (the study's binder: each expected
      item per organization, missing, overdue, expired, needs-expiry, expiring, signed-off or received)
  checklist set FILE.json --container ID   (the study's owner: FILE holds the checklist's items array)
  expiring [--within DAYS] [--today YYYY-MM-DD] [--json]   (documents in every study that expire within DAYS, 30 by default, or have expired)
  receipts --container ID [--csv]   (your documents x the organizations with access: this version, earlier version, not yet)
  receipts sending [on|off]   (whether this profile sends receipts)
  study export --container ID --out DIR|FILE.zip [--only-mine]   (the study's archive: documents, records, receipts,
      sign-offs, SHA256SUMS, verify.sh, index.html; written under a temporary name, renamed when whole)
  archive verify DIR|FILE.zip   (the checks of the archive's verify.sh: SHA256SUMS, sign-offs' certificates and signatures)
  trust list | show ORG_ID   (the certificate accepted for each organization, its SHA-256 fingerprint, and the
      exchange's now when it differs: keys go only to the accepted one)
  trust accept ORG_ID [--fingerprint SHA256] | keep ORG_ID | verify ORG_ID --note TEXT   (decide on a changed
      certificate; --fingerprint: the one you compared; verify: compared out of band, e.g. by phone)
  signoff PATH --container ID --meaning M --name NAME [--role ROLE] [--comment TEXT]   (signs the document's current
      version with this organization's key; M: reviewed, approved, acknowledged, read-and-understood, authored)
  signoffs list PATH --container ID   (each sign-off with valid, thisVersion and the reason when not valid)
  signoff request PATH --container ID --meaning M --org ID[,ID…] [--due YYYY-MM-DD] [--message TEXT]   (your document)
  requests   (sign-offs other organizations asked of yours, in every study: what, from whom, by when, answered)
  orgs list [--name PREFIX] | show ID | cert ID [--out FILE]
  admin org-create --name NAME [--sirb] [--cert FILE] | org-update ID [--name N] [--sirb|--not-sirb] [--disabled|--enabled] | cert-put ID CERT_FILE

Exit codes: 0 ok, 1 service or network error, 2 usage error.`;
