// Today (the user's calendar day) and the warning period from Settings › Preferences, for the
// file list's Expires column. The day is read at each render: a window left open overnight
// shows the new day at its next render.
import { calendarDay } from '../../../shared/binder/calendar-date.js';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '../../../shared/binder/views.js';
import { useSettings } from '../settings/settings.js';
import type { ExpiryContext } from './expires-cell.js';

export function useExpiryContext(): ExpiryContext {
  const settings = useSettings();
  return {
    today: calendarDay(new Date()),
    warningDays: settings.data?.expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS,
  };
}
