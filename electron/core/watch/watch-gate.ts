// When main's shared refresh may run: while some window is visible, and only for the active
// profile's session (a session kept open for a transfer after a switch does not refresh).
export class WatchGate {
  private visible = false;
  private readonly listeners = new Set<() => void>();

  /** `activeProfileId`: the app's active profile; absent (a lone session) means every session is active. */
  constructor(private readonly activeProfileId?: () => string | undefined) {}

  isOpen(profileId: string): boolean {
    return this.visible && (!this.activeProfileId || this.activeProfileId() === profileId);
  }

  setVisible(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    this.changed();
  }

  /** The visibility or the active profile changed: each watcher starts or pauses. */
  changed(): void {
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
