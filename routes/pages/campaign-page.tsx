import { ImpossiblePrints } from '#features/campaign/components/impossible-prints';
import { useT } from '#lib/i18n/i18n';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';

/** /impossible3dprints: the public campaign page (its title, description and canonical link come from the route table). */
export function CampaignPage({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <PageFrame>
      <PageTitle title={t(route.title)}>{route.description && t(route.description)}</PageTitle>
      <ImpossiblePrints />
    </PageFrame>
  );
}
