// Pick an organization by typing part of its name: a search box and the matching names as buttons
// (test ids: `${testId}-search` style names are given by the caller). A disabled organization is
// shown, marked disabled, and cannot be picked: the exchange refuses it access (docs/protocol.md §5,
// code 1019), so the picker does not offer it.
import type { Organization } from '../../../shared/types.js';

interface OrgPickerProps {
  readonly label: string;
  readonly query: string;
  readonly onQuery: (query: string) => void;
  readonly options: readonly Organization[];
  readonly onPick: (org: Organization) => void;
  readonly searchTestId: string;
  readonly optionTestId: string;
  readonly emptyText: string;
  readonly loading?: boolean;
  readonly disabled?: boolean;
}

export function OrgPicker({
  label,
  query,
  onQuery,
  options,
  onPick,
  searchTestId,
  optionTestId,
  emptyText,
  loading,
  disabled,
}: OrgPickerProps) {
  return (
    <div className="org-picker">
      <label className="field-label">
        {label}
        <input
          type="search"
          value={query}
          placeholder="Organization name"
          data-testid={searchTestId}
          disabled={disabled}
          onChange={(e) => onQuery(e.target.value)}
        />
      </label>
      {loading ? (
        <p className="muted">Searching…</p>
      ) : options.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="option-list" aria-label={`${label}: matches`}>
          {options.map((org) => (
            <li key={org.id}>
              <button
                type="button"
                className="option"
                data-testid={optionTestId}
                data-org-id={org.id}
                disabled={disabled || org.isDisabled}
                onClick={() => !org.isDisabled && onPick(org)}
              >
                <span>{org.name}</span>
                <span className="muted"> · {org.isSirb ? 'sIRB' : 'pSite'}</span>
                {org.isDisabled ? (
                  <span className="muted"> · disabled in the exchange: cannot be given access</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Names containing the query, case-insensitively (the list is already the study's few collaborators). */
export function matchingNames<T extends { readonly name: string }>(list: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  return q ? list.filter((o) => o.name.toLowerCase().includes(q)) : [...list];
}
