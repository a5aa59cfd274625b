// What the window shows while no study is open (issue 38 §9): for a sandbox profile, what the
// sandbox is; what arrived from other organizations, each with "Show"; and for an sIRB, "Create
// your first study" (or a new one). Otherwise it says where to begin.
import type { ContainerView, ProfileView } from '../../../shared/ipc/views.js';
import { useChanges } from '../whats-new/unseen.js';
import { requestReveal } from '../../lib/reveal.js';
import { arrivals } from './welcome-text.js';

interface WelcomePanelProps {
  readonly profile: ProfileView;
  readonly studies: readonly ContainerView[] | undefined;
  readonly canCreate: boolean;
  readonly onCreate: () => void;
}

export function WelcomePanel({ profile, studies, canCreate, onCreate }: WelcomePanelProps) {
  const changes = useChanges(profile.id, undefined);
  const arrived = arrivals(changes.data ?? []);
  const ownsOne = studies?.some((s) => s.ownedByMe) ?? false;
  return (
    <div className="welcome" data-testid="welcome">
      <h2>Welcome to Study Exchange</h2>
      {profile.environment === 'sandbox' ? (
        <p data-testid="welcome-sandbox">
          This is the <strong>sandbox</strong>: a practice exchange on this computer, with demo organizations and
          studies. Try anything here; nothing leaves this computer. Choose another organization in the picker at the top
          to see the same studies as a site or as the sIRB.
        </p>
      ) : null}
      {arrived.length ? (
        <ul className="welcome-arrivals" aria-label="New from other organizations">
          {arrived.map((a) => (
            <li key={a.text} data-testid="welcome-arrival">
              {a.text}{' '}
              <button
                type="button"
                className="link"
                onClick={() => requestReveal({ containerId: a.containerId, itemPaths: [...a.itemPaths] })}
              >
                Show<span className="visually-hidden"> {a.text}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">Choose a study on the left to see its files.</p>
      {canCreate ? (
        <p>
          <button type="button" className="primary" data-testid="welcome-create-study" onClick={onCreate}>
            {ownsOne ? 'New study…' : 'Create your first study'}
          </button>
        </p>
      ) : null}
    </div>
  );
}
