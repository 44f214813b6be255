import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/error-reporting';
import { CrashScreen } from './crash-screen';

interface State {
  error: unknown;
  errorId: string | null;
}

/**
 * The outermost net: anything that throws while rendering and is not caught by a route's own
 * error element ends here, on the crash screen, with its ID logged to the console.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, errorId: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error, errorId: null };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    const errorId = reportError(
      error,
      `Render crash${info.componentStack ? ` at${info.componentStack.split('\n')[1] ?? ''}` : ''}`,
    );
    this.setState({ errorId });
  }

  handleTryAgain = (): void => {
    this.setState({ error: null, errorId: null });
  };

  render(): ReactNode {
    if (this.state.error !== null) {
      return (
        <CrashScreen error={this.state.error} errorId={this.state.errorId ?? '…'} onTryAgain={this.handleTryAgain} />
      );
    }
    return this.props.children;
  }
}
