import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorPage } from './route-error';

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/**
 * The pages' error boundary, inside the layout, so a page that fails (its code did not load)
 * shows the error with the header and footer. The router runs in its declarative mode, which has
 * no errorElement (docs/decisions/web-code-splitting.md); another address starts afresh.
 */
export function PageErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <Boundary key={pathname}>
      <Outlet />
    </Boundary>
  );
}
