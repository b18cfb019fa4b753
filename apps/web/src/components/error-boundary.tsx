import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/** The error screen of player.md §2 Generic pieces: "Something went wrong." with "Reload page". */
export function ErrorFallback() {
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 text-center"
    >
      <AlertTriangle className="size-12 text-ember-400" aria-hidden />
      <h1 className="mt-4 font-display text-2xl tracking-wide text-fg">Something went wrong.</h1>
      <p className="mt-2 text-fg-muted">The page hit an unexpected error. Reloading usually fixes it.</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** When this changes (the page's path, say), an error shown is cleared and the children tried again. */
  resetKey?: unknown;
}

interface State {
  hasError: boolean;
  resetKey?: unknown;
}

/** Catches render errors below it so that one broken widget never blanks the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorFallback /> : this.props.children;
  }
}
