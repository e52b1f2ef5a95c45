import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { I18nRoot } from '#lib/i18n/i18n';
import { WithQueryClient } from '../../support/query-client.tsx';

/** A feature screen at `path` (query included), with a fresh cache of server state and a router whose history the test can read. */
export function renderAt(ui: ReactNode, path = '/') {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const result = render(
    <I18nRoot>
      <WithQueryClient>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <RouterProvider navigate={location.navigate}>{ui}</RouterProvider>
        </Router>
      </WithQueryClient>
    </I18nRoot>,
  );
  return { ...result, location, current: () => location.history.at(-1) };
}
