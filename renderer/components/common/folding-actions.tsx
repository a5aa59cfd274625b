// A bar's actions in one row: as many as fit show as buttons, the rest (from the end) fold into a
// "More" menu, measured as the bar is resized (use-fold.ts), so every action stays reachable by
// mouse and keyboard at any window width.
import { cloneElement, useRef, type ReactElement } from 'react';
import { useFoldCount } from '../../lib/use-fold.js';
import { OverflowMenu } from './overflow-menu.js';

export interface FoldAction {
  /** The menu entry's id (its test id is `menu-<id>`). */
  readonly id: string;
  /** Its words in the More menu. */
  readonly label: string;
  readonly onSelect: () => void;
  readonly disabled?: boolean;
  /** The button shown while it fits. */
  readonly button: ReactElement<Record<string, unknown>>;
}

interface FoldingActionsProps {
  readonly actions: readonly FoldAction[];
  readonly className: string;
  readonly moreTestId: string;
  /** The More menu's accessible name, and the button's words. */
  readonly moreLabel: string;
  readonly moreText?: string;
  /** The More button's own name when it shows no words (moreText ""). */
  readonly moreButtonLabel?: string;
  /** A landmark for the group (the chrome's "App" menu), or none. */
  readonly as?: 'div' | 'nav';
  readonly ariaLabel?: string;
}

export function FoldingActions({
  actions,
  className,
  moreTestId,
  moreLabel,
  moreText,
  moreButtonLabel,
  as: Tag = 'div',
  ariaLabel,
}: FoldingActionsProps) {
  const group = useRef<HTMLElement>(null);
  const shown = useFoldCount(
    group,
    actions.map((a) => a.id),
  );
  return (
    <Tag ref={group as never} className={className} aria-label={ariaLabel}>
      {actions.slice(0, shown).map((a) => cloneElement(a.button, { key: a.id, 'data-fold-id': a.id }))}
      <OverflowMenu
        testId={moreTestId}
        label={moreLabel}
        text={moreText}
        buttonLabel={moreButtonLabel}
        entries={actions.slice(shown).map(({ id, label, onSelect, disabled }) => ({ id, label, onSelect, disabled }))}
      />
    </Tag>
  );
}
