// Where we are in the study: root › folder › subfolder, each a link back up.
import { ancestry } from '../../lib/file-tree.js';

export function Breadcrumbs({ path, rootLabel, onOpen }: { readonly path: string; readonly rootLabel: string; readonly onOpen: (path: string) => void }) {
  const crumbs = ancestry(path);
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs" data-testid="breadcrumbs">
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.path}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{c.path === '' ? rootLabel : c.name}</span>
            ) : (
              <button type="button" className="link" onClick={() => onOpen(c.path)}>
                {c.path === '' ? rootLabel : c.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
