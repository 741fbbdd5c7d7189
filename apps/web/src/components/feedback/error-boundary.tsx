import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** Contains a render error to its subtree (a page, a widget) instead of blanking the app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
  }

  reset = () => this.setState({ error: undefined, hasError: false });

  override render() {
    if (this.state.hasError) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
