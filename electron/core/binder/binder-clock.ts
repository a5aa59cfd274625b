// "Today" for the binder: the user's calendar day in their time zone (decisions §9: an expiry
// date is a calendar date). Per app, so tests inject a clock and a zone without touching the
// real one.
import { calendarDay } from '../../../shared/binder/calendar-date.js';
import type { AppContext } from '../app-context.js';

export interface BinderClock {
  now: () => Date;
  /** IANA zone; the system's when absent. */
  timeZone?: string;
}

const clocks = new WeakMap<AppContext, BinderClock>();

/** The app's binder clock (real time unless the app was given one); tests replace `now` or `timeZone`. */
export function binderClock(ctx: AppContext): BinderClock {
  let clock = clocks.get(ctx);
  if (!clock) clocks.set(ctx, (clock = { now: ctx.options.now ?? (() => new Date()) }));
  return clock;
}

export function today(ctx: AppContext): string {
  const clock = binderClock(ctx);
  return calendarDay(clock.now(), clock.timeZone);
}
