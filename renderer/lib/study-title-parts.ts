// A study's title as the window shows it beside its protocol number: the sidebar's second line
// shows the number, so a title that begins with it ("Protocol 2025-031: Heart Failure …") shows
// the rest, and two studies of one sponsor read apart in a narrow column. The whole title stays in
// the text (visually hidden), so tooltips, accessible names and searches read it whole.

export interface StudyTitleParts {
  /** The leading "Protocol 2025-031: " the protocol number line already says ('' when none). */
  readonly prefix: string;
  /** What is shown. */
  readonly rest: string;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function studyTitleParts(title: string, protocolNumber?: string): StudyTitleParts {
  const number = protocolNumber?.trim();
  if (!number) return { prefix: '', rest: title };
  const lead = new RegExp(
    `^\\s*(?:protocol\\s*(?:no\\.?|number|#)?\\s*)?${escape(number)}(?![\\p{L}\\p{N}])\\s*[:\\-–—·,|]?\\s*`,
    'iu',
  );
  const match = lead.exec(title);
  if (!match || match[0].length >= title.length) return { prefix: '', rest: title };
  return { prefix: match[0], rest: title.slice(match[0].length) };
}
