// Delivery of a document as its owner sees it (docs/protocol.md §7, Receipts): for every organization
// with access, whether its receipt names this version, an earlier one, or none yet. Plain
// data for the details pane, the distribution report, its CSV and the command-line tool.
import { csvLines } from './csv.js';
import { MEANING_WORDS } from './signoffs/meanings.js';
import { REASON_WORDS, type SignOffView } from './signoffs/views.js';

export type DeliveryState = 'this' | 'earlier' | 'none';

export interface DeliveryCell {
  readonly organizationId: string;
  readonly organizationName: string;
  readonly state: DeliveryState;
  /** When the receiving client says it received the version (its own clock). */
  readonly receivedAt?: string;
  readonly action?: 'opened' | 'saved' | 'downloaded';
  /** The receipt says it was received before that version was saved: its clock or claim is wrong. */
  readonly receivedBeforeVersion?: true;
}

export interface ItemDelivery {
  readonly itemPath: string;
  /** Organizations with access but the owner, in the access list's order. */
  readonly cells: readonly DeliveryCell[];
  /** Whether this profile sends receipts itself (the window says when it does not). */
  readonly sending: boolean;
}

export interface ReportRow {
  readonly itemPath: string;
  readonly name: string;
  readonly updatedAt: string;
  /** The version's content hash: the window reads the document's sign-offs with it, as the details pane does. */
  readonly contentHash?: string;
  /** One per organization of the report, in its order; undefined where that organization has no access. */
  readonly cells: readonly (DeliveryCell | undefined)[];
}

export interface DistributionReport {
  readonly containerId: string;
  /** Every organization with access to at least one of the documents, by name. */
  readonly organizations: readonly { readonly id: string; readonly name: string }[];
  readonly rows: readonly ReportRow[];
  readonly sending: boolean;
}

export const STATE_WORDS: Readonly<Record<DeliveryState, string>> = {
  this: 'this version',
  earlier: 'earlier version',
  none: 'not yet',
};

/**
 * A receipt is the receiving site's own claim, never checked by anyone: every place that shows
 * one says so.
 */
export const REPORTED_BY_RECEIVER = 'reported by the receiving site';
export const RECEIVED_BEFORE_VERSION_WORDS = 'dated before this version was saved';

/** Whether a receipt's receivedAt is earlier than the updatedAt of the version it names. */
export function receivedBeforeVersion(receivedAt: string, versionUpdatedAt: string): boolean {
  const received = Date.parse(receivedAt);
  const updated = Date.parse(versionUpdatedAt);
  return Number.isFinite(received) && Number.isFinite(updated) && received < updated;
}

/** "Received by 2 of 3 organizations with access" (received: any version). */
export function deliverySummary(cells: readonly DeliveryCell[]): string {
  if (cells.length === 0) return 'Not shared with any other organization';
  const received = cells.filter((c) => c.state !== 'none').length;
  return `Received by ${received} of ${cells.length} organization${cells.length === 1 ? '' : 's'} with access`;
}

/** The report's folder of a document: its path but the last part ("" at the top of the study). */
export function folderOf(itemPath: string): string {
  const cut = itemPath.lastIndexOf('/');
  return cut < 0 ? '' : itemPath.slice(0, cut);
}

/**
 * The sign-off shown for an organization in the report (issue 36): of its sign-offs of the
 * document (newest first), a valid one of this version, else a valid one, else the newest.
 */
export function signOffOf(
  signOffs: readonly SignOffView[] | undefined,
  organizationId: string,
): SignOffView | undefined {
  const its = (signOffs ?? []).filter((s) => s.organization.id === organizationId);
  return its.find((s) => s.valid && s.thisVersion) ?? its.find((s) => s.valid) ?? its[0];
}

/** "Approved, this version" / "Acknowledged, earlier version, does not verify: signature does not verify". */
export function signOffWords(s: SignOffView): string {
  const version = s.thisVersion ? 'this version' : 'earlier version';
  const check = s.valid ? '' : `, does not verify: ${s.reason ? REASON_WORDS[s.reason] : 'not checked'}`;
  return `${MEANING_WORDS[s.meaning]}, ${version}${check}`;
}

/**
 * One line per document and organization with access: what the report shows, for spreadsheets.
 * With `signOffs` (by item path) each line also says that organization's sign-off of the document.
 */
export function reportCsv(report: DistributionReport, signOffs?: ReadonlyMap<string, readonly SignOffView[]>): string {
  const signOffColumns = signOffs
    ? ['sign-off', 'sign-off version', 'sign-off verifies', 'signed by', 'signed at']
    : [];
  const lines: unknown[][] = [
    [
      'document',
      'path',
      'updated',
      'organization',
      'organization id',
      'status',
      `received at (${REPORTED_BY_RECEIVER})`,
      'action',
      'note',
      ...signOffColumns,
    ],
  ];
  for (const row of report.rows) {
    for (const cell of row.cells) {
      if (!cell) continue;
      lines.push([
        row.name,
        row.itemPath,
        row.updatedAt,
        cell.organizationName,
        cell.organizationId,
        STATE_WORDS[cell.state],
        cell.receivedAt ?? '',
        cell.action ?? '',
        cell.receivedBeforeVersion ? RECEIVED_BEFORE_VERSION_WORDS : '',
        ...(signOffs ? signOffCells(signOffOf(signOffs.get(row.itemPath), cell.organizationId)) : []),
      ]);
    }
  }
  return csvLines(lines);
}

/** A sign-off's CSV cells (another organization's names: the CSV helper neutralises formulas). */
function signOffCells(s: SignOffView | undefined): unknown[] {
  if (!s) return ['', '', '', '', ''];
  return [
    MEANING_WORDS[s.meaning],
    s.thisVersion ? 'this version' : 'earlier version',
    s.valid ? 'yes' : `no: ${s.reason ? REASON_WORDS[s.reason] : 'not checked'}`,
    s.signer.role ? `${s.signer.name}, ${s.signer.role}` : s.signer.name,
    s.signedAt,
  ];
}
