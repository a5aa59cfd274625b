// A width handle for tests of the saved-width hooks (folder tree, studies column): the handle the
// window renders, driven by the hook under test, found by its label.
import { screen } from '@testing-library/react';
import { WidthResizer } from '../components/common/width-resizer.js';

export interface WidthHandleProps {
  readonly label: string;
  readonly width: number;
  readonly min: number;
  readonly max: number;
  readonly onResize: (delta: number) => void;
}

export function WidthHandle({ label, width, min, max, onResize }: WidthHandleProps) {
  return (
    <WidthResizer
      label={label}
      width={width}
      min={min}
      max={max}
      edge="right"
      className="pane-resizer"
      testId="resize-handle"
      onResize={onResize}
    />
  );
}

/** The handle's separator, by its label. */
export const widthHandle = (label: string): HTMLElement => screen.getByRole('separator', { name: label });
