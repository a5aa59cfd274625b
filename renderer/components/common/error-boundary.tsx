// A render failure stays where it happened: React unmounts the whole root on an uncaught render
// error (a blank window), so parts that show other organizations' data sit inside one of these.
import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What shows instead of the children; `reset` renders them again. */
  readonly fallback: (error: Error, reset: () => void) => ReactNode;
  /** A change (e.g. another item selected) renders the children again. */
  readonly resetKey?: unknown;
  readonly children: ReactNode;
}

interface ErrorBoundaryState {
  readonly error?: Error;
  readonly key?: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return Object.is(props.resetKey, state.key) ? null : { key: props.resetKey, error: undefined };
  }

  private readonly reset = (): void => this.setState({ error: undefined });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
