/**
 * A boundary around one part of the page that is not the page itself (the chat widget, the shell's
 * lazy navigation, the debug view): when that part crashes it disappears (or shows `fallback`), is
 * reported like any boundary error, and the page around it stays usable. Page errors keep going to
 * the route's error boundary (the full fallback with Try again).
 */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { reportError } from '@/lib/telemetry';

interface LocalErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of the crashed part; nothing by default. */
  fallback?: ReactNode;
}

interface LocalErrorBoundaryState {
  failed: boolean;
}

export class LocalErrorBoundary extends Component<LocalErrorBoundaryProps, LocalErrorBoundaryState> {
  override state: LocalErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): LocalErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportError(error, 'boundary');
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
