// The studies list's mark on a study with expired documents or overdue expected items: a short
// badge in words ("2 expired, 1 overdue"), so it never depends on colour.
import type { ReactNode } from 'react';
import type { StudyMark } from '../../../shared/binder/views.js';
import { useFollowBinderChanges, useStudyMarks } from './use-binder.js';
import './binder.css';

export function markWords(mark: StudyMark | undefined): string {
  if (!mark) return '';
  return [mark.expired ? `${mark.expired} expired` : '', mark.overdue ? `${mark.overdue} overdue` : '']
    .filter(Boolean)
    .join(', ');
}

/** The mark for each study, by id, from binder.studyMarks (asked again as the shared refresh finds changes). */
export function useStudyMarkFor(profileId: string | undefined): (containerId: string) => ReactNode {
  useFollowBinderChanges(profileId);
  const marks = useStudyMarks(profileId);
  const byId = new Map((marks.data ?? []).map((m) => [m.containerId, m]));
  return (containerId) => {
    const words = markWords(byId.get(containerId));
    return words ? (
      <span className="badge binder-mark" data-testid="study-binder-mark" title="In this study's binder">
        {words}
      </span>
    ) : null;
  };
}
