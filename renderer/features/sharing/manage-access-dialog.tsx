// Manage access wired to the service: access.list per selected item, the study's organizations,
// one document's receipts, access.preview on request, and share (grant to the ticked ones) / share
// again (update) / remove (revoke) with per-organization results (access.ts refreshes the access lists and details after each change).
import { useState } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { AccessResult, AppError, GranteePreview } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { ManageAccessView, type AccessHolder } from './manage-access-view.js';
import { useAccessLists, useChangeAccess, usePreviewGrantee, type AccessChange } from './access.js';
import { useAppInfo } from '../settings/settings.js';
import { useDelivery } from '../receipts/receipts.js';
import { namesList } from '../../../shared/access-words.js';
import { useCollaborators } from '../studies/studies.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';

/** Listing access for every item of a huge selection would be thousands of calls: cap it. */
const LIST_LIMIT = 100;

export function ManageAccessDialog({ context, onClose }: SlotDialogProps) {
  const { profileId, containerId = '' } = context;
  const items = context.items ?? [];
  const paths = items.map(itemSlashPath);
  const appInfo = useAppInfo();
  const collaborators = useCollaborators(profileId, containerId);
  const access = useAccessLists(profileId, containerId, paths.slice(0, LIST_LIMIT));
  const preview = usePreviewGrantee(containerId);
  const change = useChangeAccess(profileId, containerId);
  // "has this version": the receipts of one document the profile owns, as the details pane reads them
  const only =
    items.length === 1 && items[0]?.ownedByMe && items[0].decryptedHeader?.type === 'document' ? items[0] : undefined;
  const delivery = useDelivery(profileId, containerId, only?.path, only?.contentHash ?? '');
  const [certificateOf, setCertificateOf] = useState<Organization | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const [results, setResults] = useState<{ title: string; results: readonly AccessResult[] } | undefined>();
  const [actionError, setActionError] = useState<{ context: string; error: AppError } | undefined>();

  const holders = new Map<string, { organization: Organization; items: number }>();
  for (const q of access)
    for (const org of q.data ?? []) {
      const h = holders.get(org.id);
      holders.set(org.id, { organization: org, items: (h?.items ?? 0) + 1 });
    }
  const names = new Map<string, string>(
    [...(collaborators.data ?? []), ...[...holders.values()].map((h) => h.organization)].map((o) => [o.id, o.name]),
  );
  const nameOf = (id: string): string => names.get(id) ?? 'the organization';

  const run = (what: string, title: string, access: AccessChange, onFailed?: (ids: string[]) => void): void => {
    setBusy(what);
    setActionError(undefined);
    setResults(undefined);
    change.mutate(access, {
      onSuccess: (r) => {
        setResults({ title, results: r });
        onFailed?.([...new Set(r.filter((x) => !x.ok).map((x) => x.organizationId))]);
      },
      onError: (e) => setActionError({ context: `${title}: it did not work.`, error: toAppError(e) }),
      onSettled: () => setBusy(undefined),
    });
  };
  const target = items.length === 1 ? 'the document' : `${items.length} items`;
  const forOrgs = (
    change: 'access.grant' | 'access.update' | 'access.revoke',
    organizationIds: string[],
  ): AccessChange => ({
    change,
    itemPaths: paths,
    organizationIds,
  });
  const showCertificate = (org: Organization): void => {
    setCertificateOf(org);
    preview.mutate(org.id);
  };

  const holderList: AccessHolder[] = [...holders.values()];
  const firstError = access.find((q) => q.error)?.error;
  const data: GranteePreview | undefined =
    certificateOf && preview.data?.organization.id === certificateOf.id ? preview.data : undefined;
  const receipts = delivery.data ? new Map(delivery.data.cells.map((c) => [c.organizationId, c.state])) : undefined;

  return (
    <ManageAccessView
      items={items}
      holders={holderList}
      holdersLoading={access.some((q) => q.isPending)}
      holdersError={
        firstError ? toAppError(firstError) : collaborators.error ? toAppError(collaborators.error) : undefined
      }
      collaborators={collaborators.data ?? []}
      delivery={receipts}
      certificateOf={certificateOf}
      preview={data}
      previewLoading={!!certificateOf && preview.isPending}
      previewError={certificateOf && preview.error ? toAppError(preview.error) : undefined}
      busy={busy}
      results={results}
      actionError={actionError}
      platform={appInfo.data?.platform}
      onShowCertificate={showCertificate}
      onHideCertificate={() => {
        setCertificateOf(undefined);
        preview.reset();
      }}
      onShare={(orgs) => {
        const who = namesList(orgs.map((o) => o.name));
        // a share that failed shows that organization's certificate: its check is the likely cause
        run(
          `Sharing ${target} with ${who}…`,
          `Shared with ${who}`,
          forOrgs(
            'access.grant',
            orgs.map((o) => o.id),
          ),
          (failed) => {
            const first = orgs.find((o) => failed.includes(o.id));
            if (first) showCertificate(first);
          },
        );
      }}
      onShareAgain={(id) =>
        run(
          `Sharing ${target} again with ${nameOf(id)}…`,
          `Shared again with ${nameOf(id)}`,
          forOrgs('access.update', [id]),
        )
      }
      onRemove={(id) =>
        run(
          `Removing ${nameOf(id)}'s access to ${target}…`,
          `Removed access for ${nameOf(id)}`,
          forOrgs('access.revoke', [id]),
        )
      }
      onClose={onClose}
    />
  );
}
