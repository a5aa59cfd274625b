// "Today" for the binder: the user's calendar day in their time zone (decisions §9: an expiry
// date is a calendar date). The app's (AppContext.binderClock), so tests inject a clock and a
// zone without touching the real one.
import { calendarDay } from '../../../shared/binder/calendar-date.js';

export interface BinderClock {
  now: () => Date;
  /** IANA zone; the system's when absent. */
  timeZone?: string;
}

/** Real time unless the app was given a clock; tests replace `now` or `timeZone`. */
export function binderClockOf(now?: () => Date): BinderClock {
  return { now: now ?? (() => new Date()) };
}

export function today(ctx: { readonly binderClock: BinderClock }): string {
  return calendarDay(ctx.binderClock.now(), ctx.binderClock.timeZone);
}
