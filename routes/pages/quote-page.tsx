import { useParams, useSearchParams } from 'wouter';
import { QuoteView } from '#features/quote/components/quote-view';
import { useT } from '#lib/i18n/i18n';
import { PageFrame } from '../page-frame.tsx';

export function QuotePage() {
  const t = useT();
  const [params] = useSearchParams();
  const { projectId } = useParams<{ projectId?: string }>();
  return (
    <PageFrame>
      <h1 className="text-headline">{t('quote.page.heading')}</h1>
      <p className="mb-6 mt-2 text-neutral-600">{t('quote.page.intro')}</p>
      <QuoteView projectId={projectId} technology={params.get('technology')} fileId={params.get('file')} />
    </PageFrame>
  );
}
