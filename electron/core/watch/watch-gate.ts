// When main's shared refresh may run: while some window is visible, and only for the active
// profile's session (a session kept open for a transfer after a switch does not refresh).
export class WatchGate {
  /** The windows (by the door's sender id) that said they are visible. */
  private readonly visible = new Set<string>();
  private readonly listeners = new Set<() => void>();

  /** `activeProfileId`: the app's active profile; absent (a lone session) means every session is active. */
  constructor(private readonly activeProfileId?: () => string | undefined) {}

  isOpen(profileId: string): boolean {
    return this.visible.size > 0 && (!this.activeProfileId || this.activeProfileId() === profileId);
  }

  /** One window shown or hidden: the refresh runs while any is visible. */
  setVisible(visible: boolean, windowId = ''): void {
    const was = this.visible.size > 0;
    if (visible) this.visible.add(windowId);
    else this.visible.delete(windowId);
    if (was !== this.visible.size > 0) this.changed();
  }

  /** A window closed, reloaded or crashed without saying it was hidden. */
  forget(windowId: string): void {
    this.setVisible(false, windowId);
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
