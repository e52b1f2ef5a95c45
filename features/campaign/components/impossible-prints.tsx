import { useId, type ReactNode } from 'react';
import { MAX_FILE_SIZE_MB } from '#domain/catalogue/limits';
import { findProcess, largestBuildVolume } from '#domain/catalogue/lookup';
import type { Material } from '#domain/catalogue/types';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { ScrollRegion } from '#ui/scroll-region';
import { Link } from '#ui/link';
import { buttonStyles } from '#ui/button';

const QUOTE = '/quote?technology=3d-printing';

/** What 3D printing can make, read from the catalogue (process 22): the numbers on this page are the ones the quote uses. */
function printing() {
  const process = findProcess('3d-printing');
  if (!process) throw new Error('The catalogue has no 3D printing process');
  const materials = process.materials;
  const finest = Math.min(...materials.map((m) => m.minDimensionMm));
  const fastest = Math.min(...materials.map((m) => m.leadDays.express));
  const biggest = largestBuildVolume(process);
  const noSupports = materials.filter((m) => m.pricing.kind === 'printing' && (m.pricing.technology === 'sls' || m.pricing.technology === 'mjf'));
  return { process, materials, finest, fastest, biggest, noSupports };
}

function Feature({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-card border border-neutral-200 bg-neutral-0 p-gutter">
      <h3 id={id} className="text-title">
        {title}
      </h3>
      <p className="text-neutral-700">{children}</p>
    </section>
  );
}

/**
 * The /impossible3dprints campaign: parts other services turn down (organic and lattice shapes,
 * assemblies printed in one piece, fine detail, big parts), what each material makes, how the
 * quote says honestly what a file needs, and the way in: the quote page on 3D printing.
 */
export function ImpossiblePrints() {
  const t = useT();
  const format = useFormat();
  const { materials, finest, fastest, biggest, noSupports } = printing();
  const mm = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const size = (v: readonly number[]) => t('campaign.size', { x: mm(v[0] ?? 0), y: mm(v[1] ?? 0), z: mm(v[2] ?? 0) });
  const cta = (
    <Link href={QUOTE} className={buttonStyles({ variant: 'primary', className: 'no-underline' })}>
      {t('campaign.cta')}
    </Link>
  );
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col items-start gap-4">
        <p className="max-w-2xl text-body text-neutral-800">{t('campaign.lead')}</p>
        {cta}
        <p className="text-caption text-neutral-600">{t('campaign.formats', { size: MAX_FILE_SIZE_MB })}</p>
      </div>

      <section aria-labelledby="campaign-what" className="flex flex-col gap-4">
        <h2 id="campaign-what" className="text-headline">
          {t('campaign.what.heading')}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <Feature title={t('campaign.what.organic')}>{t('campaign.what.organicBody')}</Feature>
          <Feature title={t('campaign.what.assembled')}>
            {t('campaign.what.assembledBody', { materials: format.list(noSupports.map((m) => m.name)) })}
          </Feature>
          <Feature title={t('campaign.what.fine')}>{t('campaign.what.fineBody', { size: mm(finest) })}</Feature>
          <Feature title={t('campaign.what.big')}>{t('campaign.what.bigBody', { size: size(biggest), days: fastest })}</Feature>
        </div>
      </section>

      <section aria-labelledby="campaign-materials" className="flex flex-col gap-4">
        <h2 id="campaign-materials" className="text-headline">
          {t('campaign.materials.heading')}
        </h2>
        {/* On a phone the table scrolls sideways: the region takes focus so a keyboard can scroll it. */}
        <ScrollRegion aria-labelledby="campaign-materials-caption" className="rounded-card border border-neutral-200 bg-neutral-0">
          <table className="w-full border-separate border-spacing-0 text-left">
            <caption id="campaign-materials-caption" className="sr-only">{t('campaign.materials.caption')}</caption>
            <thead className="bg-neutral-50 text-caption text-neutral-700">
              <tr>
                <th scope="col" className="border-b border-neutral-200 px-4 py-2 font-semibold">
                  {t('campaign.materials.material')}
                </th>
                <th scope="col" className="border-b border-neutral-200 px-4 py-2 font-semibold">
                  {t('campaign.materials.largest')}
                </th>
                <th scope="col" className="border-b border-neutral-200 px-4 py-2 font-semibold">
                  {t('campaign.materials.finest')}
                </th>
                <th scope="col" className="border-b border-neutral-200 px-4 py-2 font-semibold">
                  {t('campaign.materials.fastest')}
                </th>
              </tr>
            </thead>
            <tbody>
              {materials.map((m: Material) => (
                <tr key={m.id} className="align-top">
                  <th scope="row" className="border-b border-neutral-100 px-4 py-3 font-normal">
                    <span className="block font-semibold">{m.name}</span>
                    <span className="block text-caption text-neutral-700">{m.description}</span>
                  </th>
                  <td className="border-b border-neutral-100 px-4 py-3 whitespace-nowrap">{size(m.buildVolumeMm)}</td>
                  <td className="border-b border-neutral-100 px-4 py-3 whitespace-nowrap">{t('campaign.mm', { value: mm(m.minDimensionMm) })}</td>
                  <td className="border-b border-neutral-100 px-4 py-3 whitespace-nowrap">{t('campaign.days', { count: m.leadDays.express })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <section aria-labelledby="campaign-how" className="flex flex-col gap-4">
        <h2 id="campaign-how" className="text-headline">
          {t('campaign.how.heading')}
        </h2>
        <ol className="grid list-decimal gap-3 pl-5 md:grid-cols-3 md:gap-6">
          <li>{t('campaign.how.upload')}</li>
          <li>{t('campaign.how.check')}</li>
          <li>{t('campaign.how.price')}</li>
        </ol>
        <p className="text-caption text-neutral-600">{t('campaign.how.exw')}</p>
        <div>{cta}</div>
      </section>
    </div>
  );
}
