// Per-organization outcome of an access action over one or many items: how many succeeded, and
// for failures the first reason in plain words.
import type { AccessResult, AppError } from '../../../shared/ipc/views.js';
import { describeCode } from '../../lib/error-words.js';

interface OrgOutcome {
  readonly organizationId: string;
  readonly ok: number;
  readonly failed: number;
  readonly firstError?: AppError;
  readonly failedPaths: readonly string[];
}

function outcomesByOrganization(results: readonly AccessResult[]): OrgOutcome[] {
  const byOrg = new Map<string, { ok: number; failed: number; firstError?: AppError; failedPaths: string[] }>();
  for (const r of results) {
    const entry = byOrg.get(r.organizationId) ?? { ok: 0, failed: 0, failedPaths: [] };
    if (r.ok) entry.ok++;
    else {
      entry.failed++;
      entry.failedPaths.push(r.itemPath);
      entry.firstError ??= r.error;
    }
    byOrg.set(r.organizationId, entry);
  }
  return [...byOrg].map(([organizationId, e]) => ({ organizationId, ...e }));
}

export function AccessResults({
  title,
  results,
  names,
}: {
  readonly title: string;
  readonly results: readonly AccessResult[];
  readonly names: ReadonlyMap<string, string>;
}) {
  const outcomes = outcomesByOrganization(results);
  return (
    <section className="access-results" aria-label={title} data-testid="access-results">
      <h3 className="section-title">{title}</h3>
      {outcomes.length === 0 ? <p className="muted">Nothing needed doing.</p> : null}
      <ul className="plain-list">
        {outcomes.map((o) => {
          const total = o.ok + o.failed;
          const why = o.firstError
            ? o.firstError.explanation || describeCode(o.firstError.code) || o.firstError.message
            : '';
          return (
            <li key={o.organizationId} data-testid="access-result" className={o.failed ? 'result-failed' : 'result-ok'}>
              <strong>{names.get(o.organizationId) ?? o.organizationId}</strong>:{' '}
              {o.failed === 0
                ? `done for ${total === 1 ? 'the item' : `all ${total} items`}.`
                : `${o.ok} of ${total} done; ${o.failed} failed (${o.failedPaths.slice(0, 3).join(', ')}${o.failedPaths.length > 3 ? ', …' : ''}). ${why}`}
              {o.firstError ? <span className="muted"> [code {String(o.firstError.code)}]</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
