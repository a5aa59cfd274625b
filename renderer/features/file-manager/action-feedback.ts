// What the browser's actions report: a problem shown where the action happened (with Retry when
// it can be tried again) or a line in the status bar.
import { useState } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';

export interface ActionProblem {
  readonly context: string;
  readonly error: AppError;
  readonly retry?: () => void;
}

export interface ActionFeedback {
  readonly problem: ActionProblem | undefined;
  readonly status: string | undefined;
  readonly setProblem: (problem: ActionProblem | undefined) => void;
  readonly setStatus: (status: string | undefined) => void;
}

export function useActionFeedback(): ActionFeedback {
  const [problem, setProblem] = useState<ActionProblem | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  return { problem, status, setProblem, setStatus };
}
