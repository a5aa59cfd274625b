// The browser host's test clock: STUDY_EXCHANGE_TEST_DAYS_AHEAD=N moves the binder's "today" N
// days ahead of the real one, so an end-to-end test sees a due date pass (decisions §9: overdue)
// without waiting for it. Only the browser host (the automation path) reads it, and only a
// whole number of days from 1 to 3660; Electron's shell never does.
export function testClock(env: NodeJS.ProcessEnv): { now?: () => Date } {
  const text = env.STUDY_EXCHANGE_TEST_DAYS_AHEAD;
  if (!text || !/^\d{1,4}$/.test(text)) return {};
  const days = Number(text);
  if (days < 1 || days > 3660) return {};
  return { now: () => new Date(Date.now() + days * 86_400_000) };
}
