// The directory wired to organizations.list (by name prefix) and organizations.get.
import { useState } from 'react';
import { toAppError } from '../../bridge/api.js';
import { OrganizationsView } from './organizations-view.js';
import { useOrganization, useOrganizations } from './directory.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';

export function OrganizationsDialog({ context, onClose }: SlotDialogProps) {
  const { profileId } = context;
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const prefix = query.trim();
  const list = useOrganizations(profileId, prefix);
  const details = useOrganization(profileId, selectedId);
  return (
    <OrganizationsView
      query={query}
      onQuery={setQuery}
      organizations={list.data ?? []}
      loading={list.isPending}
      error={list.error ? toAppError(list.error) : undefined}
      selectedId={selectedId}
      onSelect={(org) => setSelectedId(org.id)}
      details={details.data}
      detailsLoading={!!selectedId && details.isPending}
      detailsError={details.error ? toAppError(details.error) : undefined}
      onClose={onClose}
    />
  );
}
