// When main's shared refresh may run, and how often: while some window is visible, and while none
// is but desktop notifications are on (more slowly: a minimized window or a background tab is
// when a notification matters); only for the active profile's session (a session kept open for a
// transfer after a switch does not refresh).
export type Cadence = 'shown' | 'hidden';

export class WatchGate {
  /** The windows (by the door's sender id) that said they are visible. */
  private readonly visible = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** The Settings `notifications` switch. */
  private notifying = false;

  /** `activeProfileId`: the app's active profile; absent (a lone session) means every session is active. */
  constructor(private readonly activeProfileId?: () => string | undefined) {}

  isOpen(profileId: string): boolean {
    return this.cadence(profileId) !== undefined;
  }

  /** How the refresh runs for `profileId`: at the normal cadence, the slow one, or not at all (undefined). */
  cadence(profileId: string): Cadence | undefined {
    if (this.activeProfileId && this.activeProfileId() !== profileId) return undefined;
    if (this.visible.size > 0) return 'shown';
    return this.notifying ? 'hidden' : undefined;
  }

  /** Notifications turned on or off: while no window is visible the refresh runs slowly, or pauses. */
  setNotifying(on: boolean): void {
    if (this.notifying === on) return;
    this.notifying = on;
    if (this.visible.size === 0) this.changed();
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
