// Manage access wired to the service: access.list per selected item, the study's collaborators,
// access.preview before a grant, and grant / update / revoke / shareWithStudy with per-organization
// results (data/access.ts refreshes the access lists and details after each change).
import { useState } from 'react';
import type { Organization } from '../../shared/types.js';
import type { AccessResult, AppError, GranteePreview } from '../../shared/ipc/views.js';
import { toAppError } from '../bridge/api.js';
import { ManageAccessView, type AccessHolder } from '../components/access/manage-access-view.js';
import { useAccessLists, useChangeAccess, usePreviewGrantee, type AccessChange } from '../data/access.js';
import { useAppInfo } from '../data/profiles.js';
import { useCollaborators } from '../data/studies.js';
import { itemSlashPath } from '../lib/file-tree.js';
import type { SlotDialogProps } from '../lib/dialog-slots.js';

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
  const [previewFor, setPreviewFor] = useState<Organization | undefined>();
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

  const run = (what: string, title: string, access: AccessChange): void => {
    setBusy(what);
    setActionError(undefined);
    setResults(undefined);
    change.mutate(access, {
      onSuccess: (r) => setResults({ title, results: r }),
      onError: (e) => setActionError({ context: `${title}: it did not work.`, error: toAppError(e) }),
      onSettled: () => setBusy(undefined),
    });
  };
  const target = items.length === 1 ? 'the item' : `${items.length} items`;
  const forOrg = (
    change: 'access.grant' | 'access.update' | 'access.revoke',
    organizationId: string,
  ): AccessChange => ({ change, itemPaths: paths, organizationId });

  const holderList: AccessHolder[] = [...holders.values()];
  const firstError = access.find((q) => q.error)?.error;
  const data: GranteePreview | undefined =
    previewFor && preview.data?.organization.id === previewFor.id ? preview.data : undefined;

  return (
    <ManageAccessView
      items={items}
      holders={holderList}
      holdersLoading={access.some((q) => q.isPending)}
      holdersError={
        firstError ? toAppError(firstError) : collaborators.error ? toAppError(collaborators.error) : undefined
      }
      collaborators={collaborators.data ?? []}
      preview={data}
      previewLoading={!!previewFor && preview.isPending}
      previewError={previewFor && preview.error ? toAppError(preview.error) : undefined}
      busy={busy}
      results={results}
      actionError={actionError}
      platform={appInfo.data?.platform}
      onPickGrantee={(org) => {
        setPreviewFor(org);
        setResults(undefined);
        preview.mutate(org.id);
      }}
      onCancelPreview={() => {
        setPreviewFor(undefined);
        preview.reset();
      }}
      onGrant={(id) => {
        setPreviewFor(undefined);
        preview.reset();
        run(`Giving ${nameOf(id)} access to ${target}…`, `Access for ${nameOf(id)}`, forOrg('access.grant', id));
      }}
      onUpdate={(id) =>
        run(`Wrapping the key again for ${nameOf(id)}…`, `Update for ${nameOf(id)}`, forOrg('access.update', id))
      }
      onRevoke={(id) =>
        run(`Revoking ${nameOf(id)}'s access to ${target}…`, `Revoked for ${nameOf(id)}`, forOrg('access.revoke', id))
      }
      onShareWithStudy={() =>
        run(`Sharing ${target} with everyone in this study…`, 'Shared with the study', {
          change: 'access.shareWithStudy',
          itemPaths: paths,
        })
      }
      onClose={onClose}
    />
  );
}
