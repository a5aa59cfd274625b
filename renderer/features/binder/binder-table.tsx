// The binder of one study (decisions §9) as a table: expected items as rows (their titles are
// long), organizations as columns (each site for the owner, only itself for a site), which reads
// at 1024 px with a dozen sites. Each cell says its status in words with the date; a summary row
// per site and a summary column per item; a filter by status. A cell with a document opens it;
// a missing one says what is expected and by when, and for a site takes a dropped file.
import { useMemo, useState, type DragEvent } from 'react';
import type { BinderCell, BinderView, FulfilmentStatus } from '../../../shared/binder/views.js';
import { FULFILMENT_STATUSES } from '../../../shared/binder/views.js';
import type { ChecklistItem } from '../../../shared/binder/checklist.js';
import { documentTypeName } from '../../../shared/binder/document-types.js';
import { shownText } from '../../../shared/shown-text.js';
import { MEANING_WORDS } from '../../../shared/signoffs/meanings.js';
import { cellKey, cellsByKey, matchesFilter, summaryWords } from './binder-cells.js';
import { STATUS_LABELS, cellWords, formatCalendarDay } from './status-words.js';

interface BinderTableProps {
  readonly binder: BinderView;
  readonly onOpen: (path: string) => void;
  /** A site drops (or picks) files for one of its missing items. */
  readonly onUpload?: (item: ChecklistItem, files: File[]) => void;
}

/** What a missing item asks for, in a sentence. */
export function expectedWords(item: ChecklistItem, organization: string, ownedByMe: boolean): string {
  const who = ownedByMe ? `${organization} is expected to send` : 'You are expected to send';
  const parts = [`${who} “${shownText(item.title)}” (${documentTypeName(item.docType)})`];
  if (item.dueOn) parts.push(`by ${formatCalendarDay(item.dueOn)}`);
  const extra = [
    item.needsExpiry ? 'with its expiry date' : '',
    item.perPerson ? 'one per person' : '',
    item.required === false ? 'optional' : '',
    item.signOff ? `to be signed off (${MEANING_WORDS[item.signOff].toLowerCase()})` : '',
  ].filter(Boolean);
  return `${parts.join(' ')}${extra.length ? `, ${extra.join(', ')}` : ''}.`;
}

function hasFiles(event: DragEvent): boolean {
  return [...(event.dataTransfer?.types ?? [])].includes('Files');
}

function CellContent({
  cells,
  item,
  orgName,
  binder,
  filter,
  onOpen,
  onExplain,
  onUpload,
}: {
  cells: readonly BinderCell[];
  item: ChecklistItem;
  orgName: string;
  binder: BinderView;
  filter: FulfilmentStatus | '';
  onOpen: (path: string) => void;
  onExplain: (text: string) => void;
  onUpload?: (item: ChecklistItem, files: File[]) => void;
}) {
  const [over, setOver] = useState(false);
  const shown = cells.filter((c) => matchesFilter(c, filter));
  if (!cells.length) return <span className="muted">not expected</span>;
  if (!shown.length) return <span className="muted">—</span>;
  const missing = cells.some((c) => !c.document);
  const drop = onUpload && missing;
  return (
    <div
      className={`binder-cell-body ${over ? 'drop-active' : ''}`}
      onDragOver={(e) => {
        if (!drop || !hasFiles(e)) return;
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!drop || !hasFiles(e)) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        onUpload(item, [...e.dataTransfer.files]);
      }}
      data-testid={drop ? 'binder-drop' : undefined}
    >
      {shown.map((c, i) => {
        const words = cellWords(c);
        const person = c.document?.person?.name;
        return (
          <button
            key={`${c.document?.path ?? 'none'}-${i}`}
            type="button"
            className={`binder-status status-${c.status}`}
            data-testid="binder-status"
            data-status={c.status}
            onClick={() =>
              c.document ? onOpen(c.document.path) : onExplain(expectedWords(item, orgName, binder.ownedByMe))
            }
          >
            <span className="binder-words">{words}</span>
            {c.document ? (
              <span className="binder-doc">
                {person ? `${shownText(person)}: ` : ''}
                {shownText(c.document.name)}
              </span>
            ) : null}
          </button>
        );
      })}
      {drop ? (
        <label className="binder-pick">
          <span>Drop a file here or choose…</span>
          <input
            type="file"
            className="visually-hidden"
            aria-label={`Upload for ${shownText(item.title)}`}
            data-testid="binder-pick"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) onUpload(item, files);
            }}
          />
        </label>
      ) : null}
    </div>
  );
}

export function BinderTable({ binder, onOpen, onUpload }: BinderTableProps) {
  const [filter, setFilter] = useState<FulfilmentStatus | ''>('');
  const [explained, setExplained] = useState('');
  const byKey = useMemo(() => cellsByKey(binder.cells), [binder.cells]);
  const orgSummary = new Map(binder.organizationSummaries.map((s) => [s.key, s]));
  const itemSummary = new Map(binder.itemSummaries.map((s) => [s.key, s]));
  const rows = binder.items.filter((item) =>
    binder.organizations.some((o) => (byKey.get(cellKey(item.id, o.id)) ?? []).some((c) => matchesFilter(c, filter))),
  );
  return (
    <div className="binder-table-frame">
      <div className="binder-filter">
        <label className="field-label">
          Show
          <select
            value={filter}
            data-testid="binder-filter"
            onChange={(e) => setFilter(e.target.value as FulfilmentStatus | '')}
          >
            <option value="">Every status</option>
            {FULFILMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="binder-explained" role="status" aria-live="polite" data-testid="binder-explained">
        {explained}
      </p>
      {rows.length === 0 ? (
        <p className="muted" data-testid="binder-none">
          {filter ? `Nothing is ${STATUS_LABELS[filter].toLowerCase()}.` : 'No expected documents.'}
        </p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Binder" tabIndex={0}>
          <table className="activity-table binder-table" data-testid="binder-table">
            <thead>
              <tr>
                <th scope="col">Expected document</th>
                {binder.organizations.map((o) => (
                  <th key={o.id} scope="col" data-testid="binder-org">
                    {shownText(o.name)}
                    {o.isOwner ? ' (us)' : ''}
                  </th>
                ))}
                {binder.ownedByMe ? <th scope="col">In</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
                <tr key={item.id} data-testid="binder-row" data-item={item.id}>
                  <th scope="row">
                    <span className="binder-title">{shownText(item.title)}</span>
                    <span className="muted binder-sub">
                      {documentTypeName(item.docType)}
                      {item.dueOn ? `, due ${formatCalendarDay(item.dueOn)}` : ''}
                      {item.required === false ? ', optional' : ''}
                    </span>
                  </th>
                  {binder.organizations.map((o) => (
                    <td key={o.id} data-testid="binder-cell" data-org={o.id}>
                      <CellContent
                        cells={byKey.get(cellKey(item.id, o.id)) ?? []}
                        item={item}
                        orgName={shownText(o.name)}
                        binder={binder}
                        filter={filter}
                        onOpen={onOpen}
                        onExplain={setExplained}
                        onUpload={onUpload}
                      />
                    </td>
                  ))}
                  {binder.ownedByMe ? (
                    <td data-testid="binder-item-summary">{summaryWords(itemSummary.get(item.id))}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">In</th>
                {binder.organizations.map((o) => (
                  <td key={o.id} data-testid="binder-org-summary" data-org={o.id}>
                    {summaryWords(orgSummary.get(o.id))}
                  </td>
                ))}
                {binder.ownedByMe ? <td /> : null}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
