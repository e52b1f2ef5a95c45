import { useSearchParams } from 'wouter';
import { ContactForm } from '#features/account/components/contact-form';
import { useT } from '#lib/i18n/i18n';
import { useSession } from '#machines/session-context';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';

/** Contact us: public (from the footer), filled in for a signed-in customer; `?order=` names the order. */
export function ContactPage({ route }: { route: RouteDef }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  const [params] = useSearchParams();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <PageFrame width="narrow">
      <PageTitle title={t(route.title)} />
      <ContactForm key={user?.email ?? 'visitor'} name={name} email={user?.email ?? ''} orderNumber={params.get('order') ?? ''} />
    </PageFrame>
  );
}
