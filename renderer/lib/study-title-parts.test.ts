import { describe, expect, it } from 'vitest';
import { studyTitleParts } from './study-title-parts.js';

describe('studyTitleParts', () => {
  it('leaves out the protocol number the second line shows, whatever its words', () => {
    expect(studyTitleParts('Protocol 2025-031: Heart Failure Telemonitoring', '2025-031')).toEqual({
      prefix: 'Protocol 2025-031: ',
      rest: 'Heart Failure Telemonitoring',
    });
    expect(studyTitleParts('2026-007 – Pediatric Asthma', '2026-007').rest).toBe('Pediatric Asthma');
    expect(studyTitleParts('protocol no. A.1 (x) Sleep', 'A.1 (x)').rest).toBe('Sleep');
  });

  it('keeps the title whole without a number, when it does not begin with it, or when nothing else is left', () => {
    expect(studyTitleParts('Heart Failure', undefined)).toEqual({ prefix: '', rest: 'Heart Failure' });
    expect(studyTitleParts('Heart Failure 2025-031', '2025-031').rest).toBe('Heart Failure 2025-031');
    expect(studyTitleParts('Protocol 2025-031', '2025-031').rest).toBe('Protocol 2025-031');
    expect(studyTitleParts('2025-0310: other', '2025-031').rest).toBe('2025-0310: other');
  });
});
