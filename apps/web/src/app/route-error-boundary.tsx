import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { RouteError } from './route-error';

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { error: unknown; location: Location };

/** Shows RouteError instead of a screen that failed to render; moving to another address tries again. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('A screen failed to render.') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, error: undefined };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/**
 * The route table's error boundary (what a data router's `errorElement` does): a render error or a page
 * chunk that failed to download shows RouteError's reload offer instead of a blank page.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
