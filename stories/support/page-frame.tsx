import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SessionProvider } from '#machines/session-context';
import { storySession } from './app-frame.tsx';

/**
 * A page-wide screen in a story: a session, a router at `path` (query included, for screens that
 * keep their state in the address), react-aria's link binding, and the width of the account area's
 * content column (AppFrame is for narrow forms).
 */
export function ScreenFrame({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search });
  return (
    <SessionProvider actor={storySession()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RouterProvider navigate={location.navigate}>
          <div className="max-w-4xl">{children}</div>
        </RouterProvider>
      </Router>
    </SessionProvider>
  );
}
