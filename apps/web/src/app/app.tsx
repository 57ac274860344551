import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './routes';

/**
 * Declarative routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data
 * router's code would be about a sixth of the first download.
 */
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
