// Query keys, the only place they are written: everything from the service is keyed by profile,
// then container, then item path, so switching profiles never shows another organization's cache.
export const keys = {
  /** Everything cached for any profile (dropped when the active profile changes). */
  everyProfile: ['profile'] as const,
  /** Everything cached for one profile (what a renewal's new key may now load). */
  oneProfile: (profileId: string) => ['profile', profileId] as const,
  appInfo: ['app-info'] as const,
  settings: ['settings'] as const,
  profiles: ['profiles'] as const,
  transfers: ['transfers'] as const,
  /** Which profiles' "never backed up" notice was dismissed (for their current key). */
  notices: ['notices'] as const,
  connection: (profileId: string) => ['profile', profileId, 'connection'] as const,
  certificateChanges: (profileId: string) => ['profile', profileId, 'certificate-changes'] as const,
  /** The collaborators' accepted certificates and verified marks (renderer/features/trust). */
  trustPins: (profileId: string) => ['profile', profileId, 'trust-pins'] as const,
  containers: (profileId: string) => ['profile', profileId, 'containers'] as const,
  /** Every Find answer of a profile (what a change of its studies invalidates). */
  everySearch: (profileId: string) => ['profile', profileId, 'search'] as const,
  search: (profileId: string, query: string) => ['profile', profileId, 'search', query] as const,
  collaborators: (profileId: string, containerId: string) =>
    ['profile', profileId, 'container', containerId, 'collaborators'] as const,
  items: (profileId: string, containerId: string) => ['profile', profileId, 'container', containerId, 'items'] as const,
  /** New folder's empty folders main keeps for the profile and study (renderer/features/file-manager). */
  emptyFolders: (profileId: string, containerId: string) =>
    ['profile', profileId, 'container', containerId, 'empty-folders'] as const,
  /**
   * Everything cached about one item (details, access, delivery, record): what a change of its
   * access, its receipts or its content invalidates, so the details pane never shows two ages.
   */
  item: (profileId: string, containerId: string, path: string) =>
    ['profile', profileId, 'container', containerId, 'item', path] as const,
  /** Every version of an item's details. */
  details: (profileId: string, containerId: string, path: string) =>
    ['profile', profileId, 'container', containerId, 'item', path, 'details'] as const,
  detailsAt: (profileId: string, containerId: string, path: string, updatedAt: string) =>
    ['profile', profileId, 'container', containerId, 'item', path, 'details', updatedAt] as const,
  access: (profileId: string, containerId: string, path: string) =>
    ['profile', profileId, 'container', containerId, 'item', path, 'access'] as const,
  /** Every directory search of a profile (what an administrator's change invalidates). */
  directory: (profileId: string) => ['profile', profileId, 'organizations'] as const,
  organizations: (profileId: string, prefix: string) => ['profile', profileId, 'organizations', prefix] as const,
  organization: (profileId: string, organizationId: string) =>
    ['profile', profileId, 'organization', organizationId] as const,
  delivery: (profileId: string, containerId: string, path: string) =>
    ['profile', profileId, 'container', containerId, 'item', path, 'delivery'] as const,
  distribution: (profileId: string, containerId: string) =>
    ['profile', profileId, 'container', containerId, 'distribution'] as const,
  /** What is New in the profile's studies (changes.unseen). */
  unseen: (profileId: string) => ['profile', profileId, 'unseen'] as const,
  /** Every Changes list of a profile (what a refresh or a mark invalidates). */
  everyChanges: (profileId: string) => ['profile', profileId, 'changes'] as const,
  /** "Changes" across all studies ('') or one. */
  changes: (profileId: string, containerId: string) => ['profile', profileId, 'changes', containerId] as const,
  receiptSending: (profileId: string) => ['profile', profileId, 'receipt-sending'] as const,
  /** The profile's signer: printed name and role, confirmed this session, how signing unlocks. */
  signer: (profileId: string) => ['profile', profileId, 'signer'] as const,
  signOffs: (profileId: string, containerId: string, path: string) =>
    ['profile', profileId, 'container', containerId, 'item', path, 'signoffs'] as const,
  /** The owner's requests for a document's sign-off and who answered them. */
  signOffRequests: (profileId: string, containerId: string, path: string) =>
    ['profile', profileId, 'container', containerId, 'item', path, 'signoff-requests'] as const,
  /** "Sign-offs requested": requests other organizations asked of this one. */
  requestedSignOffs: (profileId: string) => ['profile', profileId, 'signoffs-requested'] as const,
  /** What the window deleted from one items cache (renderer/features/file-manager/items.ts). */
  deletedItems: (itemsKey: readonly unknown[]) => ['deleted-items', ...itemsKey] as const,
  activity: (action: string, text: string) => ['activity', action, text] as const,
  /** The binder (renderer/features/binder): checklist, computed status, expiring, study marks. */
  checklist: (profileId: string, containerId: string) =>
    ['profile', profileId, 'container', containerId, 'checklist'] as const,
  binder: (profileId: string, containerId: string) =>
    ['profile', profileId, 'container', containerId, 'binder'] as const,
  expiring: (profileId: string) => ['profile', profileId, 'expiring'] as const,
  studyMarks: (profileId: string) => ['profile', profileId, 'study-marks'] as const,
  checklistTemplates: ['checklist-templates'] as const,
  record: (profileId: string, containerId: string, path: string, updatedAt: string) =>
    ['profile', profileId, 'container', containerId, 'item', path, 'record', updatedAt] as const,
};
