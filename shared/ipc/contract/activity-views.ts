// What main shows of the activity log (shared/ipc/views.ts re-exports it).
export type ActivityAction =
  | 'upload'
  | 'download'
  | 'grant'
  | 'update'
  | 'revoke'
  | 'rekey'
  | 'delete'
  | 'invite'
  | 'uninvite'
  | 'create-study'
  | 'edit-study'
  | 'admin'
  | 'export-study'
  | 'signoff';

export interface ActivityEntry {
  readonly time: string;
  readonly profile: string;
  readonly action: ActivityAction;
  readonly ok: boolean;
  readonly study?: string;
  readonly item?: string;
  readonly organization?: string;
  readonly detail?: string;
}
