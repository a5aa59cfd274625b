// The transfers panel: Active / Failed / Completed tabs (ARIA tabs) over the transfer rows; while
// idle only its head shows, a one-line status bar (use-idle-fold.ts).
import { useState, type KeyboardEvent } from 'react';
import type { AppError, TransferView } from '../../../shared/ipc/views.js';
import { groupTransfers, type TransferTab } from './transfer-groups.js';
import { transferSummary } from './transfer-summary.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { TransferRow } from './transfer-row.js';
import { useIdleFold } from './use-idle-fold.js';

const TABS: readonly { tab: TransferTab; label: string }[] = [
  { tab: 'active', label: 'Active' },
  { tab: 'failed', label: 'Failed' },
  { tab: 'completed', label: 'Completed' },
];

interface TransfersPanelProps {
  readonly transfers: readonly TransferView[];
  readonly onCancel: (id: string) => void;
  readonly onRetry: (id: string) => void;
  readonly onClear: (tab: 'failed' | 'completed') => void;
  readonly actionError?: AppError;
  readonly onDismissError?: () => void;
  readonly initialTab?: TransferTab;
  /** False while the list is loading (the first list is not news that opens the panel). */
  readonly ready?: boolean;
}

export function TransfersPanel({
  transfers,
  onCancel,
  onRetry,
  onClear,
  actionError,
  onDismissError,
  initialTab = 'active',
  ready = true,
}: TransfersPanelProps) {
  const [tab, setTab] = useState<TransferTab>(initialTab);
  const groups = groupTransfers(transfers);
  const { folded: collapsed, setFolded: setCollapsed } = useIdleFold(groups, ready, setTab);
  const shown = groups[tab];
  const summary = transferSummary(transfers);
  // real failures (not the user's cancels) make the Failed tab red
  const failures = groups.failed.filter((t) => t.state === 'failed').length;

  function onTabKey(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const i = TABS.findIndex((t) => t.tab === tab);
    const next = TABS[(i + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    if (!next) return;
    setTab(next.tab);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next.tab}"]`)?.focus();
  }

  return (
    <section
      className={`transfers-panel ${collapsed ? 'collapsed' : ''}`}
      aria-label="Transfers"
      data-testid="transfers-panel"
    >
      <div className="transfers-head">
        <h2>Transfers</h2>
        {summary ? (
          <span className="transfers-summary" data-testid="transfers-summary">
            {summary}
          </span>
        ) : null}
        <div role="tablist" aria-label="Transfer lists" onKeyDown={onTabKey}>
          {TABS.map(({ tab: t, label }) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`transfers-tab-${t}`}
              aria-controls="transfers-tabpanel"
              aria-selected={tab === t}
              tabIndex={tab === t ? 0 : -1}
              data-tab={t}
              data-testid={`transfers-tab-${t}`}
              className={t === 'failed' && failures > 0 ? 'has-failures' : undefined}
              onClick={() => {
                setTab(t);
                setCollapsed(false);
              }}
            >
              {label} ({groups[t].length})
            </button>
          ))}
        </div>
        {tab !== 'active' && shown.length > 0 ? (
          <button type="button" onClick={() => onClear(tab)}>
            Clear {tab}
          </button>
        ) : null}
        <button
          type="button"
          aria-expanded={!collapsed}
          aria-controls="transfers-tabpanel"
          data-testid="transfers-toggle"
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? 'Show' : 'Hide'}
        </button>
      </div>
      {actionError ? (
        <ErrorDisplay context="That transfer action did not work." error={actionError} onDismiss={onDismissError} />
      ) : null}
      <div role="tabpanel" id="transfers-tabpanel" aria-labelledby={`transfers-tab-${tab}`} hidden={collapsed}>
        {shown.length === 0 ? (
          <p className="muted">
            {tab === 'active'
              ? 'No transfers in progress.'
              : tab === 'failed'
                ? 'No failed transfers.'
                : 'No completed transfers yet.'}
          </p>
        ) : (
          <ul className="transfer-list">
            {shown.map((t) => (
              <TransferRow key={t.id} transfer={t} onCancel={onCancel} onRetry={onRetry} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
