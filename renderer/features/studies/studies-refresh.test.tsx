// @vitest-environment happy-dom
// A site's open window follows its studies without a reload: a study it is invited to, and the
// owner's rename, show in the list and in Find while the window is visible, and not while it
// is hidden. Main's real handlers and sessions against the real reference server; the study's
// owner acts from its own session. React Query's intervals run 100 times faster.
import { focusManager, QueryClientProvider, timeoutManager } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the window's real other side (main, the exchange), not code the renderer runs
import { doorApi, studyHandlersOf, twoOrganizations } from '../../../electron/core/test-support/window-api.js';
import { ApiProvider } from '../../data/api-context.js';
import { createQueryClient } from '../../data/query-client.js';
import { useContainers } from './studies.js';
import { FindBox } from '../search/find-box.js';
import { StudiesSidebar } from './studies-sidebar.js';

const SPEED = 100;
let orgs: Awaited<ReturnType<typeof twoOrganizations>>;

beforeAll(async () => {
  timeoutManager.setTimeoutProvider({
    setTimeout: (f, ms) => setTimeout(f, ms),
    clearTimeout: (id) => clearTimeout(id),
    setInterval: (f, ms) => setInterval(f, ms / SPEED),
    clearInterval: (id) => clearInterval(id),
  });
  orgs = await twoOrganizations();
}, 120_000);

afterEach(cleanup);

afterAll(async () => {
  focusManager.setFocused(undefined);
  await orgs?.close();
});

function SiteWindow() {
  const containers = useContainers('site');
  const noop = () => undefined;
  return (
    <>
      <StudiesSidebar
        containers={containers.data}
        loading={containers.isPending}
        canCreate={false}
        creating={false}
        onSelect={noop}
        onCreate={noop}
        onRetry={noop}
      />
      <FindBox profileId="site" onOpen={noop} />
    </>
  );
}

const titles = (): string[] => screen.queryAllByTestId('study-title').map((t) => t.textContent ?? '');

async function find(text: string): Promise<string[]> {
  // happy-dom's window is 1024 px wide: Find is folded into its icon there
  if (!screen.queryByTestId('find-input')) fireEvent.click(screen.getByTestId('find-open'));
  const input = screen.getByTestId('find-input');
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  let hits: string[] = [];
  await waitFor(() => {
    hits = screen.queryAllByTestId('find-hit').map((h) => h.querySelector('.find-name')?.textContent ?? '');
    expect(hits.length > 0 || screen.queryByTestId('find-none') !== null).toBe(true);
    expect(screen.getByTestId('find-progress').textContent).toBe('');
  });
  fireEvent.change(input, { target: { value: '' } });
  return hits;
}

describe('a site’s open window', () => {
  it('shows a study it is invited to and the owner’s rename, in the list and in Find, while visible', async () => {
    const owner = studyHandlersOf(orgs.sirb);
    render(
      <ApiProvider api={doorApi(studyHandlersOf(orgs.site))}>
        <QueryClientProvider client={createQueryClient()}>
          <SiteWindow />
        </QueryClientProvider>
      </ApiProvider>,
    );
    await screen.findByTestId('studies-empty');
    // Find is asked before anything changes: main's index and the window's answer are fresh for a while
    expect(await find('cardiology')).toEqual([]);

    const study = await owner['containers.create']({ title: 'Heart Failure Registry' });
    await owner['collaborators.add']({ containerId: study.id, organizationId: orgs.fx.site.org.id });
    await waitFor(() => expect(titles()).toEqual(['Heart Failure Registry']), { timeout: 5_000 });

    await owner['containers.updateStudy']({ containerId: study.id, title: 'Cardiology Outcomes Registry' });
    await waitFor(() => expect(titles()).toEqual(['Cardiology Outcomes Registry']), { timeout: 5_000 });
    expect(await find('cardiology')).toEqual(['Cardiology Outcomes Registry']);

    // hidden: not asked; shown again: asked again
    focusManager.setFocused(false);
    await owner['containers.updateStudy']({ containerId: study.id, title: 'Cardiology Outcomes Registry II' });
    await new Promise((r) => setTimeout(r, (60_000 / SPEED) * 2));
    expect(titles()).toEqual(['Cardiology Outcomes Registry']);
    focusManager.setFocused(true);
    await waitFor(() => expect(titles()).toEqual(['Cardiology Outcomes Registry II']), { timeout: 5_000 });
  });
});
