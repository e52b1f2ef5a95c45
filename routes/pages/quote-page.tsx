import { useParams, useSearchParams } from 'wouter';
import { QuoteWorkspaceView } from '#features/quote/components/quote-workspace-view';
import { PageFrame } from '../page-frame.tsx';

export function QuotePage() {
  const [params] = useSearchParams();
  const { projectId } = useParams<{ projectId?: string }>();
  return (
    <PageFrame>
      <h1 className="text-headline">Instant quote</h1>
      <p className="mb-6 mt-2 text-neutral-600">
        Upload STL or STEP files to get a price for 3D printing, CNC machining and vacuum casting. Prices are EXW (Incoterms 2020): shipping and
        duties are not included.
      </p>
      <QuoteWorkspaceView projectId={projectId} technology={params.get('technology')} />
    </PageFrame>
  );
}
