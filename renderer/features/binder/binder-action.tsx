// "Binder…" in the study's toolbar (folds into "More" like the other actions).
import type { FoldAction } from '../../components/common/folding-actions.js';

export function binderAction(onBinder: () => void): FoldAction {
  return {
    id: 'binder',
    label: 'Binder…',
    onSelect: onBinder,
    button: (
      <button type="button" data-testid="open-binder" onClick={onBinder}>
        Binder…
      </button>
    ),
  };
}
