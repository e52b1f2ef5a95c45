import { Redirect, Route, Router, Switch } from 'wouter';
import { AriaRouter } from './aria-router.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { QuotePage } from './pages/quote-page.tsx';

/** Route base without the trailing slash, as wouter wants it (Vite's base is /manufacture/). */
export const ROUTER_BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/quote?technology=3d-printing" replace />
      </Route>
      <Route path="/home">
        <Redirect to="/quote" replace />
      </Route>
      <Route path="/quote" component={QuotePage} />
      <Route path="/404" component={NotFoundPage} />
      <Route>
        <Redirect to="/404" replace />
      </Route>
    </Switch>
  );
}

export function App() {
  return (
    <Router base={ROUTER_BASE}>
      <AriaRouter>
        <AppRoutes />
      </AriaRouter>
    </Router>
  );
}
