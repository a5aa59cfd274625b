// Settings › Notifications: desktop notifications when documents arrive from other organizations,
// and "hide names" for shared screens. In the browser host turning them on asks the browser (on
// that click, as browsers require); when it refuses, the switch says so and stays off.
import { useState } from 'react';
import type { Settings } from '../../../shared/ipc/views.js';
import { useAppInfo, useSettings, useUpdateSettings } from '../settings/settings.js';
import {
  askNotificationAllowance,
  notificationAllowance,
  type NotificationAllowance,
} from './desktop-notifications.js';

const REFUSED: Partial<Record<NotificationAllowance, string>> = {
  denied:
    'The browser blocks notifications for this page. Allow them in the site settings (the icon left of the address), then turn this on again.',
  default: 'Notifications were not allowed. Turn this on again to be asked once more.',
  unsupported: 'This browser cannot show desktop notifications.',
};

export interface NotificationSettingsViewProps {
  readonly settings: Pick<Settings, 'notifications' | 'notificationsHideNames'>;
  readonly busy: boolean;
  /** Why the switch is off or does nothing: the browser refused. */
  readonly problem?: string;
  readonly onNotifications: (on: boolean) => void;
  readonly onHideNames: (hide: boolean) => void;
}

export function NotificationSettingsView({
  settings,
  busy,
  problem,
  onNotifications,
  onHideNames,
}: NotificationSettingsViewProps) {
  return (
    <section className="form-grid settings-section" aria-label="Notifications">
      <h3 className="section-title">Notifications</h3>
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          data-testid="settings-notifications"
          checked={settings.notifications}
          disabled={busy}
          aria-describedby={problem ? 'settings-notifications-problem' : undefined}
          onChange={(e) => onNotifications(e.target.checked)}
        />
        Notify me when documents arrive from other organizations
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="settings-notifications-hide-names"
          checked={settings.notificationsHideNames}
          disabled={busy || !settings.notifications}
          onChange={(e) => onHideNames(e.target.checked)}
        />
        Hide names in notifications (only the count, for shared screens)
      </label>
      {problem ? (
        <p
          className="muted"
          role="status"
          id="settings-notifications-problem"
          data-testid="settings-notifications-problem"
        >
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** The group with its data: mounted as one line in Settings. */
export function NotificationSettings() {
  const settings = useSettings();
  const info = useAppInfo();
  const update = useUpdateSettings();
  const [refused, setRefused] = useState<string | undefined>();
  const browser = info.data?.host === 'browser';
  if (!settings.data) return null;
  const onNotifications = (on: boolean): void => {
    if (!on || !browser) {
      setRefused(undefined);
      update.mutate({ notifications: on });
      return;
    }
    void askNotificationAllowance().then((answer) => {
      if (answer === 'granted') {
        setRefused(undefined);
        update.mutate({ notifications: true });
      } else setRefused(REFUSED[answer]);
    });
  };
  // On, but the browser stopped allowing them since (its site settings): say so beside the switch.
  const allowance = browser && settings.data.notifications ? notificationAllowance() : 'granted';
  const problem = refused ?? (allowance === 'granted' ? undefined : REFUSED[allowance]);
  return (
    <NotificationSettingsView
      settings={settings.data}
      busy={update.isPending || !info.data}
      problem={problem}
      onNotifications={onNotifications}
      onHideNames={(hide) => update.mutate({ notificationsHideNames: hide })}
    />
  );
}
