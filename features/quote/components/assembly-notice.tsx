import type { Assembly } from '#domain/api/quote';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';

export interface AssemblyNoticeProps {
  /** How the file splits (the server's summary). */
  assembly: Assembly;
  onSplit: () => void;
  onKeep: () => void;
  /** The call under way, if any: its button shows progress, the other waits. */
  pending: 'split' | 'keep' | null;
  /** Why the last split or keep failed (the server's words). */
  error: string | null;
}

/**
 * A file of several bodies (ADR 131): what it holds ("18 bodies: 5 different parts (8 × Nut, …)")
 * and the choice to split it into parts, each priced with its count as quantity, or keep it as
 * one part.
 */
export function AssemblyNotice({ assembly, onSplit, onKeep, pending, error }: AssemblyNoticeProps) {
  const t = useT();
  const format = useFormat();
  const items = assembly.parts.map((p) => t('quote.assembly.item', { count: p.count, name: p.name }));
  const list = format.list(items) + (assembly.partCount > assembly.parts.length ? t('quote.assembly.more') : '');
  return (
    <section aria-labelledby="assembly-notice-heading" className="rounded-card border border-brand-600 bg-brand-50 p-4">
      <h3 id="assembly-notice-heading" className="font-semibold">
        {t('quote.assembly.heading')}
      </h3>
      <p className="mt-1">{t('quote.assembly.summary', { bodies: assembly.bodyCount, parts: assembly.partCount, list })}</p>
      <p className="mt-1 text-caption text-neutral-700">{t('quote.assembly.hint')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button isPending={pending === 'split'} isDisabled={pending === 'keep'} onPress={onSplit}>
          {t('quote.assembly.split', { parts: assembly.partCount })}
        </Button>
        <Button variant="secondary" isPending={pending === 'keep'} isDisabled={pending === 'split'} onPress={onKeep}>
          {t('quote.assembly.keep')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-caption text-danger-700">
          {error}
        </p>
      )}
    </section>
  );
}
