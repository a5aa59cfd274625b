// What a document is (decisions §8, document-types.md): a search box over the vocabulary's names
// and groups, and a list box of the matching types grouped as the vocabulary groups them. "Other"
// is always offered; a code this client does not know stays selectable, shown as given.
import { useId, useMemo, useState } from 'react';
import { shownText } from '../../../shared/shown-text.js';

export interface TypeChoice {
  readonly code: string;
  readonly name: string;
  readonly group: string;
}

interface TypePickerProps {
  readonly label: string;
  readonly types: readonly TypeChoice[];
  /** A code, or '' for "not said". */
  readonly value: string;
  readonly onChange: (code: string) => void;
  /** Offer "Not said" (Describe on several rows: leave as each is). */
  readonly emptyLabel?: string;
  readonly testId?: string;
}

/** The types whose name, code or group holds every word of `query`, in vocabulary order. */
export function matchingTypes(types: readonly TypeChoice[], query: string): TypeChoice[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...types];
  return types.filter((t) => {
    const text = `${t.name} ${t.code} ${t.group}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

function grouped(types: readonly TypeChoice[]): [string, TypeChoice[]][] {
  const groups = new Map<string, TypeChoice[]>();
  for (const t of types) groups.set(t.group, [...(groups.get(t.group) ?? []), t]);
  return [...groups];
}

export function TypePicker({ label, types, value, onChange, emptyLabel, testId = 'type-picker' }: TypePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => matchingTypes(types, query), [types, query]);
  const shown = useMemo(() => {
    const found = [...matches];
    // The chosen type and "Other" stay in the list, whatever the search.
    for (const code of [value, 'other']) {
      const type = types.find((t) => t.code === code);
      if (type && !found.includes(type)) found.push(type);
    }
    return found;
  }, [types, matches, value]);
  const unknown = value && !types.some((t) => t.code === value) ? value : undefined;
  return (
    <div className="type-picker" data-testid={testId}>
      <label className="field-label" htmlFor={`${id}-search`}>
        {label}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        placeholder="Search types (e.g. training)"
        aria-controls={`${id}-list`}
        data-testid={`${testId}-search`}
        onChange={(e) => setQuery(e.target.value)}
      />
      <select
        id={`${id}-list`}
        size={6}
        aria-label={label}
        value={value}
        data-testid={`${testId}-list`}
        onChange={(e) => onChange(e.target.value)}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {unknown ? <option value={unknown}>{`${shownText(unknown)} (type not known to this app)`}</option> : null}
        {grouped(shown).map(([group, list]) => (
          <optgroup key={group} label={group}>
            {list.map((t) => (
              <option key={t.code} value={t.code}>
                {t.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {matches.length === 0 ? (
        <p className="muted" role="status">
          No type matches "{query}": choose Other.
        </p>
      ) : null}
    </div>
  );
}
