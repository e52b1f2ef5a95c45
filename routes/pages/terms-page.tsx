import { Link } from 'wouter';
import { useSearchParams } from 'wouter';
import { PageFrame, PageTitle } from '../page-frame.tsx';

const TABS = [
  { id: 'terms', label: 'Terms of use' },
  { id: 'privacy-policy', label: 'Privacy policy' },
] as const;

/**
 * Terms of use and privacy policy, one tab each (`?tab=privacy-policy`, the cookie banner's link).
 * Tabs are links, so each policy has its own address and the back button works.
 */
export function TermsPage() {
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'privacy-policy' ? 'privacy-policy' : 'terms';
  return (
    <PageFrame>
      <PageTitle title="Terms of use and privacy" />
      <nav aria-label="Policies" className="mb-6 flex gap-2 border-b border-neutral-200">
        {TABS.map((t) => (
          <Link
            key={t.id}
            href={t.id === 'terms' ? '/terms-of-use' : '/terms-of-use?tab=privacy-policy'}
            aria-current={tab === t.id ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 ${tab === t.id ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-neutral-700 hover:text-neutral-900'}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'terms' ? <Terms /> : <Privacy />}
    </PageFrame>
  );
}

function Terms() {
  return (
    <article className="max-w-3xl space-y-4">
      <h2 className="text-title">Terms of use</h2>
      <p>Quotes are calculated from the files you upload and the options you choose. The price shown at checkout is the price you pay; prices held by a quote document stay valid for 30 days.</p>
      <p>Parts ship on EXW (Incoterms 2020) terms: ownership and risk pass to you when the parts are ready for collection, and shipping, insurance and import duties are yours.</p>
      <p>Uploaded 3D files are kept for 3 months, then deleted. Reload and transaction history stays visible for 2 years.</p>
      <p>If a part does not match the order, ask for it to be made again through an after-sale order.</p>
    </article>
  );
}

function Privacy() {
  return (
    <article className="max-w-3xl space-y-4">
      <h2 className="text-title">Privacy policy</h2>
      <p>We keep what we need to quote, make and ship your parts: your account details, addresses, files and orders.</p>
      <p>Cookies and local storage keep you signed in and remember that you accepted this notice. We do not sell your data.</p>
      <p>You can delete your account from your profile; we email a confirmation link that is valid for 24 hours.</p>
      <p>Questions about your data: contact us, and we reply within 24 hours.</p>
    </article>
  );
}
