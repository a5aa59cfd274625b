// The exchange's organization directory: search by name prefix; one organization's details and
// its registered certificate.
import type { Organization } from '../../../shared/types.js';
import type { AppError, GranteePreview } from '../../../shared/ipc/views.js';
import { formatDate } from '../../lib/format.js';
import { orgTraits } from '../../lib/org-traits.js';
import { CertificateDetails } from '../../components/common/certificate-details.js';
import { CloseAction, Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';

interface OrganizationsViewProps {
  readonly query: string;
  readonly onQuery: (query: string) => void;
  readonly organizations: readonly Organization[];
  readonly loading?: boolean;
  readonly error?: AppError;
  readonly selectedId?: string;
  readonly onSelect: (org: Organization) => void;
  readonly details?: GranteePreview;
  readonly detailsLoading?: boolean;
  readonly detailsError?: AppError;
  readonly onClose: () => void;
}

export function OrganizationsView(props: OrganizationsViewProps) {
  const { organizations, details } = props;
  return (
    <Dialog
      title="Organizations"
      onClose={props.onClose}
      testId="organizations-dialog"
      wide
      actions={<CloseAction onClose={props.onClose} />}
    >
      <label className="field-label">
        Name starts with
        <input
          type="search"
          data-testid="organizations-search"
          value={props.query}
          onChange={(e) => props.onQuery(e.target.value)}
          placeholder="Organization name"
        />
      </label>
      <div className="two-pane">
        <div>
          {props.error ? <ErrorDisplay context="The directory could not be loaded." error={props.error} /> : null}
          {props.loading ? (
            <p className="muted">Loading…</p>
          ) : organizations.length === 0 ? (
            <p className="muted">No organization matches.</p>
          ) : null}
          <ul className="plain-list option-list" aria-label="Organizations">
            {organizations.map((org) => (
              <li key={org.id}>
                <button
                  type="button"
                  className={`option ${org.id === props.selectedId ? 'selected' : ''}`}
                  aria-pressed={org.id === props.selectedId}
                  data-testid="organization-row"
                  data-org-id={org.id}
                  onClick={() => props.onSelect(org)}
                >
                  {org.name}
                  <span className="muted">{orgTraits(org)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div data-testid="organization-details">
          {props.detailsError ? (
            <ErrorDisplay context="The organization could not be loaded." error={props.detailsError} />
          ) : null}
          {props.detailsLoading ? <p className="muted">Loading…</p> : null}
          {details ? (
            <OrganizationDetails preview={details} />
          ) : !props.detailsLoading ? (
            <p className="muted">Choose an organization to see its details.</p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

function OrganizationDetails({ preview }: { readonly preview: GranteePreview }) {
  const org = preview.organization;
  return (
    <section aria-label={`Details of ${org.name}`}>
      <h3 className="section-title">{org.name}</h3>
      <dl className="kv">
        <dt>Role</dt>
        <dd>{org.isSirb ? 'sIRB (single IRB of record)' : 'pSite (participating site)'}</dd>
        <dt>Status</dt>
        <dd data-testid="organization-status">{org.isDisabled ? 'Disabled' : 'Active'}</dd>
        <dt>Created</dt>
        <dd>{formatDate(org.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{formatDate(org.updatedAt)}</dd>
        <dt>Id</dt>
        <dd className="mono">{org.id}</dd>
      </dl>
      <h4 className="section-title">Certificate</h4>
      {preview.certificate ? (
        <CertificateDetails certificate={preview.certificate} testId="organization-certificate" />
      ) : (
        <p className="muted">No certificate registered.</p>
      )}
      {preview.certificate && !preview.thumbprintMatches ? (
        <p className="blocking" role="alert">
          The certificate differs from the directory's ({org.thumbprint}).
        </p>
      ) : null}
      {preview.problem ? <p className="warning">{preview.problem}</p> : null}
    </section>
  );
}
