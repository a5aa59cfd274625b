// A table wider than its dialog: it scrolls sideways in a region of its own, which is named and
// takes the keyboard's focus so that it can be scrolled without a mouse.
import type { ReactNode } from 'react';

interface ScrollTableProps {
  /** The region's accessible name. */
  readonly label: string;
  readonly testId?: string;
  /** The column headings, in order. */
  readonly columns: readonly string[];
  /** The body's rows. */
  readonly children: ReactNode;
}

export function ScrollTable({ label, testId, columns, children }: ScrollTableProps) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="activity-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
