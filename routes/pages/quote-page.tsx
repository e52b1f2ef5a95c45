import { useSearchParams } from 'wouter';
import { PhoneCodeField } from '#features/contact/components/phone-code-field';
import { PageFrame } from '../page-frame.tsx';

export function QuotePage() {
  const [params] = useSearchParams();
  const technology = params.get('technology');
  return (
    <PageFrame>
      <h1 className="text-headline">Instant quote</h1>
      <p className="mt-2 text-neutral-600">
        {technology ? `Technology: ${technology}. ` : ''}Upload STL or STEP files to get a price for 3D printing, CNC machining and vacuum casting.
      </p>
      <section aria-labelledby="contact-heading" className="mt-8 max-w-sm rounded-card border border-neutral-200 bg-neutral-0 p-gutter">
        <h2 id="contact-heading" className="text-title">Talk to an engineer</h2>
        <div className="mt-4">
          <PhoneCodeField />
        </div>
      </section>
    </PageFrame>
  );
}
