// A study's name without the record's schema (the renderer imports this; it carries no zod).
export const STUDY_RECORD_PATH = 'study';
export const STUDY_TITLE_MAX = 200;

/** A study's name while no readable record exists (protocol.md §7). */
export function fallbackStudyTitle(containerId: string): string {
  return `Study ${containerId.slice(0, 8)}`;
}
