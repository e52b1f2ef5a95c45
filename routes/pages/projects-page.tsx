import { ProjectList } from '#features/projects/components/project-list';
import { useT } from '#lib/i18n/i18n';
import { PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function ProjectsPage({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary)}</PageTitle>
      <ProjectList />
    </AccountFrame>
  );
}
