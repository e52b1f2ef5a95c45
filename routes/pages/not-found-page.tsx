import { Link } from 'wouter';
import { PageFrame } from '../page-frame.tsx';

export function NotFoundPage() {
  return (
    <PageFrame>
      <h1 className="text-headline">Page not found</h1>
      <p className="mt-2 text-neutral-600">The page you asked for does not exist or has moved.</p>
      <Link href="/quote" className="mt-4 inline-block text-brand-700 underline">
        Get an instant quote
      </Link>
    </PageFrame>
  );
}
