// A study's title with the protocol number it begins with hidden from sight only (study-title-parts.ts).
import { studyTitleParts } from '../../lib/study-title-parts.js';

export function StudyTitleText({
  title,
  protocolNumber,
}: {
  readonly title: string;
  readonly protocolNumber?: string;
}) {
  const { prefix, rest } = studyTitleParts(title, protocolNumber);
  return (
    <>
      {prefix ? <span className="visually-hidden">{prefix}</span> : null}
      {rest}
    </>
  );
}
