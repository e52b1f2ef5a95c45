import type { Decorator } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';
import { SessionProvider } from '#machines/session-context';
import { AriaRouter } from '#routes/aria-router';
import { ROUTES, type PageId, type RouteDef } from '#routes/route-table';
import { storySession } from './app-frame.tsx';

/** The route table's entry for a page, as the app hands it to the page component. */
export function routeOf(page: PageId): RouteDef {
  const route = ROUTES.find((r) => r.page === page);
  if (!route) throw new Error(`No route renders the page "${page}"`);
  return route;
}

/**
 * A whole page in a story, as the app mounts it: a session (signed in as `user`, or a visitor), a
 * router at `path` (query included) matched against the route's pattern so the page reads its
 * parameters, and react-aria's links bound to it. The page brings its own header, main and footer.
 */
export function RouteFrame({
  page,
  path,
  user = null,
  quickLogin,
  children,
}: {
  page: PageId;
  path: string;
  user?: UserInfo | null;
  quickLogin?: CommonIndexResponse['quickLogin'];
  children: ReactNode;
}) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search });
  return (
    <SessionProvider actor={storySession(user, { quickLogin })}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AriaRouter>
          <Route path={routeOf(page).path}>{children}</Route>
        </AriaRouter>
      </Router>
    </SessionProvider>
  );
}

/** Where a page story is: `parameters: { route: { page, path, user } }`. */
export interface RouteParameters {
  page: PageId;
  path: string;
  user?: UserInfo | null;
  /** The quick-login providers the server offers (none by default). */
  quickLogin?: CommonIndexResponse['quickLogin'];
}

/** The decorator of page stories: the RouteFrame named by the story's `route` parameter. */
export const routeDecorator: Decorator = (Story, { parameters }) => {
  const { page, path, user, quickLogin } = parameters.route as RouteParameters;
  return (
    <RouteFrame page={page} path={path} user={user} quickLogin={quickLogin}>
      <Story />
    </RouteFrame>
  );
};
