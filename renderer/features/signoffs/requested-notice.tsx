// A line under the chrome while other organizations wait for this one's sign-off: how many, how
// many overdue, and Show (the "Sign-offs requested" list). Nothing when none waits.
import { Notice, plural } from '../../components/common/notice.js';
import { useRequestedSignOffs } from './use-signoffs.js';
import './signoffs.css';

interface RequestedNoticeProps {
  readonly profileId: string | undefined;
  readonly onShow: () => void;
}

export function RequestedNotice({ profileId, onShow }: RequestedNoticeProps) {
  const requested = useRequestedSignOffs(profileId);
  const waiting = requested.data?.filter((r) => !r.answered) ?? [];
  if (!profileId || waiting.length === 0) return null;
  const overdue = waiting.filter((r) => r.overdue).length;
  return (
    <section className="notices-region" aria-label="Sign-offs requested of you" data-testid="requested-notice">
      <ul className="notices">
        <Notice
          level={overdue ? 'warning' : 'info'}
          testId="requested-notice-line"
          actions={
            <button type="button" onClick={onShow} data-testid="requested-notice-show">
              Show
            </button>
          }
        >
          {`${plural(waiting.length, 'sign-off is', 'sign-offs are')} requested of you${overdue ? ` (${overdue} overdue)` : ''}.`}
        </Notice>
      </ul>
    </section>
  );
}
