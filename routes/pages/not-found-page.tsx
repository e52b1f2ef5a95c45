import { Link } from 'wouter';
import { useT } from '#lib/i18n/i18n';
import { PageFrame } from '../page-frame.tsx';

export function NotFoundPage() {
  const t = useT();
  return (
    <PageFrame>
      <h1 className="text-headline">{t('notFound.heading')}</h1>
      <p className="mt-2 text-neutral-600">{t('notFound.body')}</p>
      <Link href="/quote" className="mt-4 inline-block text-brand-700 underline">
        {t('notFound.quoteLink')}
      </Link>
    </PageFrame>
  );
}
