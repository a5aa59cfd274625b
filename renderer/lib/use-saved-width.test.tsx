// @vitest-environment happy-dom
// The saved-width hook under a drag: pointer moves can come faster than React renders, and each
// one's step counts, from wherever the width stands after the step before.
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WidthHandle, widthHandle } from '../test-support/width-handle.js';
import { useSavedWidth, type SavedWidthPlace } from './use-saved-width.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const LABEL = 'Width of the test column';
const PLACE: SavedWidthPlace = { key: 'study-exchange.test-width', min: 100, max: 400 };

function Harness() {
  const [, width, resize] = useSavedWidth(PLACE, 200);
  return <WidthHandle label={LABEL} width={width} min={PLACE.min} max={PLACE.max} onResize={resize} />;
}

describe('a saved width under a drag', () => {
  it('keeps every pointer move made before the next render, within its bounds', () => {
    render(<Harness />);
    const handle = widthHandle(LABEL);
    fireEvent.pointerDown(handle, { clientX: 200, pointerId: 1 });
    // two moves in one batch: React renders once, after both
    act(() => {
      fireEvent.pointerMove(handle, { clientX: 230, pointerId: 1 });
      fireEvent.pointerMove(handle, { clientX: 250, pointerId: 1 });
    });
    expect(handle.getAttribute('aria-valuenow')).toBe('250');
    expect(localStorage.getItem(PLACE.key)).toBe('250');
    act(() => {
      fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 }); // past the bound: 400
      fireEvent.pointerMove(handle, { clientX: 300, pointerId: 1 }); // back from the bound, not from 550
    });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('300');
    expect(localStorage.getItem(PLACE.key)).toBe('300');
  });
});
