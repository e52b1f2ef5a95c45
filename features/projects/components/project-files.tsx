import { FetchError } from 'ofetch';
import type { PartQuote, Project, QuoteFile, QuoteFileList } from '#domain/api/quote';
import { findMaterial, findProcess, getFinish } from '#domain/catalogue/lookup';
import { QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { getFileQuote, getProject, listProjectFiles } from '../api.ts';

interface Loaded {
  project: Project;
  files: QuoteFileList;
  /** The server's quote of each configured file, by file id (a file whose quote failed is absent). */
  quotes: Record<string, PartQuote>;
}

async function loadProject(projectId: string, signal: AbortSignal): Promise<Loaded> {
  const [project, files] = await Promise.all([getProject(projectId, signal), listProjectFiles(projectId, signal)]);
  const configured = files.list.filter((f) => f.configuration && f.status === 'kept');
  const answers = await Promise.all(configured.map((f) => getFileQuote(projectId, f.id, signal).catch(() => null)));
  const quotes: Record<string, PartQuote> = {};
  for (const quote of answers) if (quote) quotes[quote.fileId] = quote;
  return { project, files, quotes };
}

/**
 * One project's files: each with its measurements (size, volume, area), the configuration saved
 * for it (process, material, colour, quantity, lead time, finishes) and the server's price, and a
 * link that opens it in the quote page. A file past its 3 months is shown as removed.
 */
export function ProjectFiles({ projectId }: { projectId: string }) {
  const t = useT();
  const format = useFormat();
  const loaded = asyncState(useQuery({ queryKey: queryKeys.projects.detail(projectId), queryFn: ({ signal }) => loadProject(projectId, signal) }));
  if (loaded.status === 'loading') return <p role="status">{t('projects.files.loading')}</p>;
  if (loaded.status === 'error') {
    const notFound = loaded.error instanceof FetchError && loaded.error.statusCode === 404;
    return (
      <div role="alert" className="flex flex-col gap-2 rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700">
        <p>{notFound ? t('projects.files.notFound') : errorMessage(loaded.error)}</p>
        <p>
          <Link href="/user/project">{t('projects.files.back')}</Link>
        </p>
      </div>
    );
  }
  const { project, files, quotes } = loaded.data;
  // Priced as the quote page prices it: a part with a price counts, even if something (its colour)
  // is still to choose before ordering.
  const total = Object.values(quotes).reduce((sum, q) => sum + (isPriced(q) ? q.result.totalCents! : 0), 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="text-title break-words">{project.name}</h2>
          <p className="text-neutral-700">
            {t('projects.files.summary', { service: findProcess(project.process)?.name ?? project.process, count: project.fileCount, date: format.dateTime(project.updatedAt) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Link href={`/quote/${project.id}`}>{t('projects.files.openProject')}</Link>
          <Link href="/user/project">{t('projects.files.back')}</Link>
        </div>
      </div>
      {files.list.length === 0 ? (
        <div className="rounded-card border border-neutral-200 bg-neutral-0">
          <EmptyState title={t('projects.files.emptyTitle')} description={t('projects.files.emptyBody')} action={<Link href={`/quote/${project.id}`}>{t('projects.files.addFiles')}</Link>} />
        </div>
      ) : (
        <ul role="list" className="flex flex-col gap-4" aria-label={t('projects.files.label')}>
          {files.list.map((file) => (
            <FileCard key={file.id} projectId={project.id} file={file} quote={quotes[file.id] ?? null} />
          ))}
        </ul>
      )}
      {total > 0 && (
        <p className="self-end text-title">
          {t('projects.files.total')} <Money cents={total} />
        </p>
      )}
      <p className="text-caption text-neutral-600">{t('projects.files.retention', { months: QUOTE_FILE_RETENTION_MONTHS })}</p>
    </div>
  );
}

/**
 * Whether the server priced the part: the quote page shows a price for it too. A part priced but not
 * yet orderable (no colour chosen: asked when ordering, ADR 103) has its price; one that cannot be
 * made, or whose options are invalid, has none.
 */
function isPriced(quote: PartQuote): boolean {
  return quote.result.totalCents !== null && quote.result.unitPriceCents !== null && quote.result.blocking.length === 0;
}

function FileCard({ projectId, file, quote }: { projectId: string; file: QuoteFile; quote: PartQuote | null }) {
  const t = useT();
  const format = useFormat();
  const mm = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const size = file.summary?.sizeMm ?? file.metrics?.size ?? null;
  const volume = file.summary?.volumeMm3 ?? file.metrics?.volumeMm3 ?? null;
  const area = file.summary?.areaMm2 ?? file.metrics?.areaMm2 ?? null;
  const configuration = quote?.configuration ?? file.configuration;
  const material = configuration ? findMaterial(configuration.process, configuration.materialId) : undefined;
  const colour = configuration?.colourId ? material?.colours.find((c) => c.id === configuration.colourId)?.name : undefined;
  const tier = configuration ? findProcess(configuration.process)?.tiers[configuration.tier].label : undefined;
  const finishes = configuration?.finishes.map((f) => getFinish(f.kind).label) ?? [];
  const result = quote?.result;
  return (
    <li className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="text-title break-all">{file.name}</h3>
        <div className="flex flex-wrap items-center gap-3">
          {file.status === 'removed' ? (
            <StatusBadge status="expired">{t('projects.files.removed')}</StatusBadge>
          ) : !file.orderable ? (
            <StatusBadge tone="danger" status="failed">
              {t('projects.files.notOrderable')}
            </StatusBadge>
          ) : null}
          {file.status === 'kept' && (
            <Link href={`/quote/${projectId}?file=${encodeURIComponent(file.id)}`} aria-label={t('projects.files.openNamed', { name: file.name })}>
              {t('projects.files.open')}
            </Link>
          )}
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <dl className="flex flex-col gap-1">
          <dt className="text-caption font-semibold text-neutral-700">{t('projects.files.metrics')}</dt>
          <dd>{size ? t('projects.files.size', { x: mm(size[0]), y: mm(size[1]), z: mm(size[2]) }) : t('projects.files.noMetrics')}</dd>
          {volume !== null && <dd>{t('projects.files.volume', { value: format.number(volume / 1000, { maximumFractionDigits: 2 }) })}</dd>}
          {area !== null && <dd>{t('projects.files.area', { value: format.number(area / 100, { maximumFractionDigits: 1 }) })}</dd>}
          <dd className="text-caption text-neutral-600">{t('projects.files.uploaded', { date: format.dateTime(file.uploadedAt, 'date') })}</dd>
        </dl>
        <dl className="flex flex-col gap-1">
          <dt className="text-caption font-semibold text-neutral-700">{t('projects.files.configuration')}</dt>
          {configuration ? (
            <>
              <dd>{[material?.name ?? configuration.materialId, colour].filter(Boolean).join(', ')}</dd>
              <dd>{t('projects.files.quantity', { count: configuration.quantity })}</dd>
              {tier && <dd>{t('projects.files.tier', { tier })}</dd>}
              {finishes.length > 0 && <dd>{format.list(finishes)}</dd>}
            </>
          ) : (
            <dd>{t('projects.files.notConfigured')}</dd>
          )}
        </dl>
        <dl className="flex flex-col gap-1">
          <dt className="text-caption font-semibold text-neutral-700">{t('projects.files.price')}</dt>
          {quote && isPriced(quote) && result ? (
            <>
              <dd>
                <Money cents={result.totalCents!} className="font-semibold" />{' '}
                <span className="text-caption text-neutral-700">{t('projects.files.each', { price: format.money(result.unitPriceCents!) })}</span>
              </dd>
              {result.shipDate && <dd>{t('projects.files.ships', { date: format.date(result.shipDate) })}</dd>}
              {!result.orderable && Object.keys(result.validation.errors).length > 0 && <dd className="text-caption text-neutral-700">{t('projects.files.beforeOrdering', { what: format.list(Object.values(result.validation.errors).flat()) })}</dd>}
              <dd className="text-caption text-neutral-600">{t('projects.files.pricedAt', { date: format.dateTime(quote.pricedAt) })}</dd>
            </>
          ) : (
            <dd>{file.status === 'removed' ? t('projects.files.removedNoPrice') : configuration ? t('projects.files.noPrice') : t('projects.files.configureForPrice')}</dd>
          )}
        </dl>
      </div>
    </li>
  );
}
