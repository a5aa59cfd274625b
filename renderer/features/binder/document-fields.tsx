// The details pane's part for what a document is (decisions §8): expiry (in words within the
// warning period; a wrong one as "unreadable date"), the person, the version label, and
// Describe… for a document the profile owns. The type itself is the pane's Type row.
import type { ItemView } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { expiresWords, type ExpiryContext } from './expires-cell.js';
import { binderColumns } from './row-fields.js';
import { describable } from './describe-entry.js';
import './binder.css';

interface DocumentFieldsProps {
  readonly item: ItemView;
  readonly expiry: ExpiryContext;
  readonly onDescribe: (items: readonly ItemView[]) => void;
}

export function DocumentFieldsSection({ item, expiry, onDescribe }: DocumentFieldsProps) {
  if (item.decryptedHeader?.type !== 'document') return null;
  const f = item.fields;
  const { expires } = binderColumns(item, '');
  const when = expiresWords(expires, expiry);
  const unreadable = (name: 'person' | 'versionLabel' | 'docType') => !!f?.unreadable?.includes(name);
  const rows: [string, string, string, string?][] = [
    ['Expires', expires ? when.text : '—', 'detail-expires', when.state ? `expires-${when.state}` : undefined],
    ['Person', f?.person ? shownText(f.person.name) : unreadable('person') ? 'unreadable' : '—', 'detail-person'],
    [
      'Version label',
      f?.versionLabel ? shownText(f.versionLabel) : unreadable('versionLabel') ? 'unreadable' : '—',
      'detail-version-label',
    ],
  ];
  return (
    <section className="details-binder" aria-label="What this document is" data-testid="details-binder">
      <dl className="details-fields">
        {rows.map(([label, value, testId, className]) => (
          <div key={label} className="field">
            <dt>{label}</dt>
            <dd data-testid={testId} className={className ? `col-expires ${className}` : undefined}>
              {value}
            </dd>
          </div>
        ))}
        {unreadable('docType') ? (
          <div className="field">
            <dt>Document type</dt>
            <dd>unreadable</dd>
          </div>
        ) : null}
      </dl>
      {describable([item]).length ? (
        <button type="button" data-testid="details-describe" onClick={() => onDescribe([item])}>
          Describe…
        </button>
      ) : null}
    </section>
  );
}
