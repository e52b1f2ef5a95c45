import { Link, useSearchParams } from 'wouter';
import { HISTORY_VISIBLE_YEARS } from '#domain/orders/payments';
import { QUOTE_DOCUMENT_HOLD_DAYS, QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import { EMAIL_LINK_VALID_HOURS } from '#domain/rules/account-rules';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { PageFrame, PageTitle } from '../page-frame.tsx';

const TABS: { id: 'terms' | 'privacy-policy'; label: MessageKey; href: string }[] = [
  { id: 'terms', label: 'terms.tab.terms', href: '/terms-of-use' },
  { id: 'privacy-policy', label: 'terms.tab.privacy', href: '/terms-of-use?tab=privacy-policy' },
];

/** How soon we answer a question about personal data, in hours (a promise of the privacy policy). */
const PRIVACY_REPLY_HOURS = 24;

/**
 * Terms of use and privacy policy, one tab each (`?tab=privacy-policy`, the cookie banner's link).
 * Tabs are links, so each policy has its own address and the back button works.
 */
export function TermsPage() {
  const t = useT();
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'privacy-policy' ? 'privacy-policy' : 'terms';
  return (
    <PageFrame>
      <PageTitle title={t('terms.pageTitle')} />
      <nav aria-label={t('terms.tabs')} className="mb-6 flex gap-2 border-b border-neutral-200">
        {TABS.map((item) => (
          <Link
            key={item.id}
            href={item.href}
            aria-current={tab === item.id ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 ${tab === item.id ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-neutral-700 hover:text-neutral-900'}`}
          >
            {t(item.label)}
          </Link>
        ))}
      </nav>
      {tab === 'terms' ? <Terms /> : <Privacy />}
    </PageFrame>
  );
}

function Terms() {
  const t = useT();
  return (
    <article className="max-w-3xl space-y-4">
      <h2 className="text-title">{t('terms.terms.heading')}</h2>
      <p>{t('terms.terms.quotes', { holdDays: QUOTE_DOCUMENT_HOLD_DAYS })}</p>
      <p>{t('terms.terms.exw')}</p>
      <p>{t('terms.terms.retention', { fileMonths: QUOTE_FILE_RETENTION_MONTHS, historyYears: HISTORY_VISIBLE_YEARS })}</p>
      <p>{t('terms.terms.afterSale')}</p>
    </article>
  );
}

function Privacy() {
  const t = useT();
  return (
    <article className="max-w-3xl space-y-4">
      <h2 className="text-title">{t('terms.privacy.heading')}</h2>
      <p>{t('terms.privacy.what')}</p>
      <p>{t('terms.privacy.cookies')}</p>
      <p>{t('terms.privacy.deletion', { hours: EMAIL_LINK_VALID_HOURS.delete })}</p>
      <p>{t('terms.privacy.questions', { hours: PRIVACY_REPLY_HOURS })}</p>
    </article>
  );
}
