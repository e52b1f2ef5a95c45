import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { withoutInvisible } from '#domain/rules/invisible-characters';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Page, PageQuery } from '#domain/api/paging';
import type {
  AssemblyQuantity,
  FileSplit,
  PartQuote,
  Project,
  ProjectDeleted,
  ProjectInput,
  ProjectListQuery,
  ProjectPatch,
  ProjectSummary,
  QuoteDocumentCreated,
  QuoteFile,
  QuoteFileList,
  UnitsInput,
  UploadHistoryItem,
} from '#domain/api/quote';
import { MAX_QUANTITY } from '#domain/catalogue/limits';
import { findProcess } from '#domain/catalogue/lookup';
import type { ProcessSlug } from '#domain/catalogue/types';
import { QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { configurationForProcess, type PartConfiguration } from '#domain/rules/quote-configuration';
import { declaresUnits, millimetresPerFileUnit } from '#domain/rules/unit-correction';
import type { QuoteDeps as AppContext } from './quote-deps.ts';
import { iso } from '../clock.ts';
import { paginate } from '../db/paginate.ts';
import { transact } from '../db/transact.ts';
import { containsIgnoringCase } from '../db/search.ts';
import { HttpError, fieldError, isOutOfSpace } from '../errors.ts';
import type { CadFormat } from '#domain/geometry/mesh';
import { inTransaction, QUEUES } from '../jobs/job-queue.ts';
import { detectSpooledFormat, type AnalysisJobData } from './analysis-jobs.ts';
import { AnalysisFailedError } from './analysis-pool.ts';
import type { AnalysisOutcome, ChecksOutcome, SplitPartOutcome } from './analysis-types.ts';
import { ownerColumns, type Owner } from './owner.ts';
import { defaultsPriced, isStale, priceFile } from './pricing.ts';
import { createQuoteDocument } from './quote-document.ts';
import { receiveUpload } from './receive-upload.ts';
import { FILE_REMOVED_MESSAGE, fileFindings, fileMetrics, fileSummary, parseJson, toProject, toQuoteFile, toUploadHistoryItem, type AssemblyRecord, type FileRow } from './records.ts';
import { addMonths } from './retention.ts';
import { latestReviews } from './reviews.ts';
import { deleteUnorderedDrawings, drawingsOf, toDrawing } from './part-documents.ts';
import { findingsWithUnit, type UnitReading } from './units.ts';

export const PROJECT_NOT_FOUND = 'Project not found.';
export const FILE_NOT_FOUND = 'File not found.';
export const ASSEMBLY_NOT_FOUND = 'Assembly not found.';
const NO_QUOTE = 'This part has no configuration yet: choose its options to get a price.';

export const ASSEMBLY_MESSAGES = {
  tooMany: (perAssembly: number) => `That many assemblies would make more than ${MAX_QUANTITY.toLocaleString('en-US')} of a part that is ${perAssembly} to an assembly: choose fewer assemblies.`,
} as const;

/** An upload's answer and how long its steps took (the route reports them as Server-Timing). */
export interface Uploaded {
  file: QuoteFile;
  timing: { receiveMs: number; analyseMs: number; totalMs: number };
}

/**
 * Quote projects and their files (ADRs 040–044): create, list, read, rename, delete; streamed
 * upload analysed in the worker pool; the part's configuration and the server's price; the
 * caller's upload history. Every method takes the owner: someone else's project or file is not
 * found, exactly as a missing one.
 */
export class Projects {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  async find(owner: Owner, id: string) {
    const row = await this.db.selectFrom('quote_project').selectAll().where('id', '=', id).where(owner.column, '=', owner.id).executeTakeFirst();
    if (!row) throw new HttpError(404, PROJECT_NOT_FOUND);
    return row;
  }

  async keptFileCount(projectId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('quote_file')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', projectId)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async read(owner: Owner, id: string): Promise<Project> {
    return toProject(await this.find(owner, id), await this.keptFileCount(id));
  }

  async create(owner: Owner, input: ProjectInput): Promise<Project> {
    const now = iso(this.ctx.clock());
    const id = randomUUID();
    try {
      await this.db.insertInto('quote_project').values({ id, ...ownerColumns(owner), name: input.name, process: input.process, created_at: now, updated_at: now }).execute();
    } catch (error) {
      if (isOutOfSpace(error)) throw error; // 507, the catalogue's words (issue 12 item 7)
      this.ctx.log(`[quote] project insert failed: ${String(error)}`);
      throw new HttpError(500, 'Unable to create new project.');
    }
    return this.read(owner, id);
  }

  /**
   * The owner's projects, the most recently changed first, with the count of files still kept and
   * the first of them (its thumbnail stands for the project); `q` keeps the projects whose name
   * contains it, in any case.
   */
  async list(owner: Owner, query: ProjectListQuery): Promise<Page<ProjectSummary>> {
    let filtered = this.db.selectFrom('quote_project').where(`quote_project.${owner.column}`, '=', owner.id);
    const q = query.q?.trim();
    if (q) filtered = filtered.where(containsIgnoringCase(sql.ref<string>('quote_project.name'), q));
    const page = await paginate(
      filtered,
      query,
      (q) =>
        q
          .selectAll('quote_project')
          .select((eb) =>
            eb
              .selectFrom('quote_file')
              .select(eb.fn.countAll().as('n'))
              .whereRef('quote_file.project_id', '=', 'quote_project.id')
              .where('quote_file.removed_at', 'is', null)
              .as('file_count'),
          )
          .orderBy('quote_project.updated_at', 'desc')
          .orderBy('quote_project.created_at', 'desc')
          .orderBy('quote_project.id'),
      (r) => toProject(r, r.file_count),
    );
    const firstFiles = await this.firstKeptFiles(page.list.map((p) => p.id));
    return { ...page, list: page.list.map((p) => ({ ...p, firstFile: firstFiles.get(p.id) ?? null })) };
  }

  /** The first file still kept of each project (the oldest upload), by project id. */
  private async firstKeptFiles(projectIds: string[]): Promise<Map<string, { id: string; name: string }>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('quote_file')
      .select(['id', 'name', 'project_id'])
      .where('project_id', 'in', projectIds)
      .where('removed_at', 'is', null)
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute();
    const first = new Map<string, { id: string; name: string }>();
    for (const row of rows) if (!first.has(row.project_id)) first.set(row.project_id, { id: row.id, name: row.name });
    return first;
  }

  /** The owner's uploads of the last 3 months, newest first. */
  uploadHistory(owner: Owner, query: PageQuery): Promise<Page<UploadHistoryItem>> {
    const since = iso(addMonths(this.ctx.clock(), -QUOTE_FILE_RETENTION_MONTHS));
    const filtered = this.db
      .selectFrom('quote_file')
      .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
      .where(`quote_project.${owner.column}`, '=', owner.id)
      .where('quote_file.uploaded_at', '>=', since);
    return paginate(
      filtered,
      query,
      (q) =>
        q
          .selectAll('quote_file')
          .select(['quote_project.name as project_name', 'quote_project.process as project_process'])
          .orderBy('quote_file.uploaded_at', 'desc')
          .orderBy('quote_file.id'),
      toUploadHistoryItem,
    );
  }

  /**
   * Renames the project or changes its manufacturing service (ADR 100): on a change, every part is
   * configured for the new service (a configuration for another service becomes the service's
   * defaults, keeping quantity, tier and what still applies) and priced again, in one transaction.
   */
  async update(owner: Owner, id: string, patch: ProjectPatch): Promise<Project> {
    const project = await this.find(owner, id);
    const name = patch.name ?? project.name;
    const process = patch.process ?? (project.process as ProcessSlug);
    const at = this.ctx.clock();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('quote_project').set({ name, process, updated_at: iso(at) }).where('id', '=', project.id).execute();
      if (process === project.process) return;
      const files = await trx.selectFrom('quote_file').selectAll().where('project_id', '=', project.id).where('removed_at', 'is', null).execute();
      for (const file of files) {
        if (!file.metrics) continue;
        const saved = file.configuration ? parseJson<PartConfiguration>(file.configuration) : null;
        const configuration = configurationForProcess(saved, process);
        const result = priceFile(file, configuration, at, this.ctx.config.maxOrderCents);
        await trx
          .updateTable('quote_file')
          .set({ configuration: JSON.stringify(configuration), quote: JSON.stringify(result), priced_at: iso(at) })
          .where('id', '=', file.id)
          .execute();
      }
    });
    return this.read(owner, project.id);
  }

  /** Deletes the project, its files (their bytes too) and their cart lines. */
  async remove(owner: Owner, id: string): Promise<ProjectDeleted> {
    const project = await this.find(owner, id);
    const files = await this.db.selectFrom('quote_file').select(['id', 'storage_key', 'removed_at']).where('project_id', '=', project.id).execute();
    const documents = await this.documentKeys(files.map((f) => f.id));
    const drawings = await this.drawingKeys(files.map((f) => f.id));
    await this.db.transaction().execute(async (trx) => {
      const ids = files.map((f) => f.id);
      if (ids.length > 0) {
        await trx.deleteFrom('cart_item').where('file_id', 'in', ids).execute();
        await trx.deleteFrom('quote_review').where('file_id', 'in', ids).execute();
        await trx.deleteFrom('quote_file_drawing').where('file_id', 'in', ids).execute();
        await trx.deleteFrom('quote_file').where('project_id', '=', project.id).execute();
      }
      await trx.deleteFrom('quote_assembly').where('project_id', '=', project.id).execute();
      await trx.deleteFrom('quote_project').where('id', '=', project.id).execute();
    });
    for (const file of files) if (!file.removed_at) await this.ctx.quote.files.delete(file.storage_key);
    for (const key of documents) await this.ctx.quote.files.delete(key);
    await deleteUnorderedDrawings(this.ctx, drawings);
    return { deleted: true, files: files.length };
  }

  async files(owner: Owner, id: string): Promise<QuoteFileList> {
    const project = await this.find(owner, id);
    const rows = await this.db.selectFrom('quote_file').selectAll().where('project_id', '=', project.id).orderBy('uploaded_at').orderBy('id').execute();
    const list = await this.withAssemblies(rows);
    return { list, total: list.length };
  }

  /**
   * The API's files: each part of an assembly with its place in the bill of materials (ADR 162),
   * each with its latest manual review (ADR 163).
   */
  async withAssemblies(rows: readonly FileRow[]): Promise<QuoteFile[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.split_from ? [r.split_from] : [])))];
    const assemblies = new Map<string, AssemblyRecord>();
    if (ids.length > 0) {
      for (const a of await this.db.selectFrom('quote_assembly').select(['id', 'name', 'quantity']).where('id', 'in', ids).execute()) assemblies.set(a.id, a);
    }
    const reviews = await latestReviews(this.db, rows.map((r) => r.id), this.ctx.clock());
    const drawings = await drawingsOf(this.db, rows.map((r) => r.id));
    return rows.map((r) => {
      const drawing = drawings.get(r.id);
      return toQuoteFile(r, r.split_from ? (assemblies.get(r.split_from) ?? null) : null, reviews.get(r.id) ?? null, drawing ? toDrawing(drawing, r.project_id, r.id) : null);
    });
  }

  /** The stored keys of the documents kept with these files (review attachments): deleted with them. */
  private async documentKeys(fileIds: readonly string[]): Promise<string[]> {
    if (fileIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('quote_review_attachment')
      .innerJoin('quote_review', 'quote_review.id', 'quote_review_attachment.review_id')
      .select('quote_review_attachment.storage_key')
      .where('quote_review.file_id', 'in', [...fileIds])
      .execute();
    return rows.map((r) => r.storage_key);
  }

  /** The stored keys of these files' drawings (ADR 164): deleted with them, unless an order was made from one. */
  private async drawingKeys(fileIds: readonly string[]): Promise<string[]> {
    if (fileIds.length === 0) return [];
    return (await this.db.selectFrom('quote_file_drawing').select('storage_key').where('file_id', 'in', [...fileIds]).execute()).map((r) => r.storage_key);
  }

  private async out(row: FileRow): Promise<QuoteFile> {
    return (await this.withAssemblies([row]))[0]!;
  }

  async findFile(owner: Owner, projectId: string, fileId: string) {
    const project = await this.find(owner, projectId);
    const file = await this.db.selectFrom('quote_file').selectAll().where('id', '=', fileId).where('project_id', '=', project.id).executeTakeFirst();
    if (!file) throw new HttpError(404, FILE_NOT_FOUND);
    return { project, file };
  }

  async readFile(owner: Owner, projectId: string, fileId: string): Promise<QuoteFile> {
    return this.out((await this.findFile(owner, projectId, fileId)).file);
  }

  /**
   * Streams one uploaded file to the spool, analyses it in the worker pool and stores it with its
   * metrics and findings (a damaged file is stored with findings that say what is wrong).
   */
  async upload(owner: Owner, projectId: string, request: Request): Promise<Uploaded> {
    const { ctx } = this;
    const { config } = ctx;
    const project = await this.find(owner, projectId);
    const tooMany = () => fieldError('file', `A project holds at most ${config.quoteMaxFilesPerProject} files: remove one or start another project.`);
    if ((await this.keptFileCount(project.id)) >= config.quoteMaxFilesPerProject) throw tooMany();

    const started = performance.now();
    // The thread that will analyse the file starts while its bytes arrive (ADR 041).
    if (!ctx.jobs) void ctx.quote.analysis.warm();
    const received = await receiveUpload(request, { spoolDir: ctx.quote.files.spoolDir, maxBytes: config.quoteMaxFileBytes, openSpool: (p) => ctx.quote.files.openSpool(p) });
    const receiveMs = performance.now() - started;
    const discard = () => fs.rm(received.path, { force: true });
    // With the job queue (ADR 115) the upload only checks the type by content and answers at once;
    // an analysis worker fills in the metrics. Otherwise the worker threads analyse it now (ADR 041).
    const queued = ctx.jobs !== undefined;
    let outcome: AnalysisOutcome | null = null;
    // A large file answers before its walls and holes: they are stored when they come (ADR 145).
    let checks: Promise<ChecksOutcome | null> | null = null;
    let format: CadFormat | null;
    try {
      if (queued) format = await detectSpooledFormat(received.path);
      else {
        // Holes and machining come before a CNC price only; for another service they follow with the walls (ADR 177).
        ({ outcome, checks } = await ctx.quote.analysis.analyseDeferred(received.path, config.quoteDeferChecksAbove, project.process as ProcessSlug));
        format = outcome.format;
      }
    } catch (error) {
      await discard();
      if (!(error instanceof AnalysisFailedError)) throw error;
      throw fieldError('file', FILE_MESSAGES.notAnalysed(received.name, error.message));
    }
    if (format === null) {
      await discard();
      throw fieldError('file', FILE_MESSAGES.type(received.name));
    }
    if ((await this.keptFileCount(project.id)) >= config.quoteMaxFilesPerProject) {
      await discard();
      throw tooMany();
    }

    const id = randomUUID();
    const key = `${project.id}/${id}`;
    const now = ctx.clock();
    try {
      await ctx.quote.files.putFile(key, received.path);
    } catch (error) {
      await discard(); // e.g. a full disk while copying to another file system: no spool file stays
      throw error;
    }
    const row: FileRow = {
      id,
      project_id: project.id,
      name: received.name,
      storage_key: key,
      size_bytes: received.sizeBytes,
      sha256: received.sha256,
      format,
      metrics: outcome?.metrics ? JSON.stringify(outcome.metrics) : null,
      findings: JSON.stringify(outcome?.findings ?? []),
      summary: outcome?.summary ? JSON.stringify(outcome.summary) : null,
      orderable: outcome?.orderable ? 1 : 0,
      analysis_ms: outcome?.analysisMs ?? 0,
      configuration: null,
      quote: null,
      priced_at: null,
      uploaded_at: iso(now),
      expires_at: iso(addMonths(now, QUOTE_FILE_RETENTION_MONTHS)),
      removed_at: null,
      analysis_state: outcome ? 'done' : 'analysing',
      analysis_error: null,
      checks_state: checks ? 'pending' : 'done',
      split_from: null,
      kept_whole: 0,
      per_assembly: null,
      note: null,
    };
    // Measured now: stored in its service's defaults, priced, as the browser's configurator starts (ADR 257).
    if (outcome) {
      try {
        Object.assign(row, defaultsPriced(row, project.process as ProcessSlug, now, config.maxOrderCents));
      } catch (error) {
        // Kept unpriced: the browser's configurator saves its configuration and is priced then.
        ctx.log(`[quote] file ${id} was not priced in its service's defaults: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    try {
      await transact(this.db, async (trx) => {
        await trx.insertInto('quote_file').values(row).execute();
        await trx.updateTable('quote_project').set({ updated_at: iso(now) }).where('id', '=', project.id).execute();
        // The job is inserted in the same transaction: no file waits for a job that was never queued.
        if (ctx.jobs) await ctx.jobs.send(QUEUES.analysis, { fileId: id } satisfies AnalysisJobData, inTransaction(trx));
      });
    } catch (error) {
      await ctx.quote.files.delete(key);
      throw error;
    }
    if (checks) this.followChecks(id, row.metrics, checks);
    return { file: toQuoteFile(row), timing: { receiveMs, analyseMs: outcome?.analysisMs ?? 0, totalMs: performance.now() - started } };
  }

  /** Stores a file's walls and holes when its analysis thread answers them (ADR 145). */
  private followChecks(fileId: string, analysedMetrics: string | null, checks: Promise<ChecksOutcome | null>): void {
    const { quote, log } = this.ctx;
    const stored = checks
      .then((result) => this.storeChecks(fileId, analysedMetrics, result))
      .catch((error: unknown) => log(`[quote] the walls and holes of file ${fileId} were not stored: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => quote.checks.delete(fileId));
    quote.checks.set(fileId, stored);
  }

  /**
   * The whole analysis replaces the first answer's metrics, findings and summary, and the saved
   * configuration is priced again (the same price: walls and holes add warnings only). When the
   * checks failed, or the file was read in other units meanwhile (by another process: this one
   * waits for them first), the file is only marked `done`, its walls and holes unmeasured.
   */
  private async storeChecks(fileId: string, analysedMetrics: string | null, result: ChecksOutcome | null): Promise<void> {
    const { ctx } = this;
    await transact(this.db, async (trx) => {
      const file = await trx.selectFrom('quote_file').selectAll().where('id', '=', fileId).where('checks_state', '=', 'pending').executeTakeFirst();
      if (!file) return;
      if (!result || file.metrics !== analysedMetrics) {
        ctx.log(`[quote] the walls and holes of file ${fileId} were not measured (${result ? 'its units changed meanwhile' : 'the analysis thread failed'})`);
        await trx.updateTable('quote_file').set({ checks_state: 'done' }).where('id', '=', fileId).execute();
        return;
      }
      const row: FileRow = {
        ...file,
        metrics: JSON.stringify(result.metrics),
        findings: JSON.stringify(result.findings),
        summary: result.summary ? JSON.stringify(result.summary) : file.summary,
        orderable: result.orderable ? 1 : 0,
        checks_state: 'done',
      };
      if (file.configuration) {
        const at = ctx.clock();
        row.quote = JSON.stringify(priceFile(row, parseJson<PartConfiguration>(file.configuration), at, ctx.config.maxOrderCents));
        row.priced_at = iso(at);
      }
      await trx
        .updateTable('quote_file')
        .set({ metrics: row.metrics, findings: row.findings, summary: row.summary, orderable: row.orderable, quote: row.quote, priced_at: row.priced_at, checks_state: 'done' })
        .where('id', '=', fileId)
        .execute();
    });
  }

  /** A configuration saved while the file's walls and holes were being stored is priced again after them. */
  private async priceAgain(fileId: string): Promise<void> {
    const file = await this.db.selectFrom('quote_file').selectAll().where('id', '=', fileId).executeTakeFirst();
    if (!file?.configuration || file.removed_at) return;
    const at = this.ctx.clock();
    const result = priceFile(file, parseJson<PartConfiguration>(file.configuration), at, this.ctx.config.maxOrderCents);
    await this.db
      .updateTable('quote_file')
      .set({ quote: JSON.stringify(result), priced_at: iso(at) })
      .where('id', '=', fileId)
      .where('configuration', '=', file.configuration)
      .execute();
  }

  /** The stored bytes of a file still kept (410 once removed). */
  async content(owner: Owner, projectId: string, fileId: string): Promise<{ name: string; stream: Readable; sizeBytes: number }> {
    const { file } = await this.findFile(owner, projectId, fileId);
    if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    const stored = await this.ctx.quote.files.open(file.storage_key);
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    return { name: file.name, stream: stored.stream, sizeBytes: stored.sizeBytes };
  }

  async removeFile(owner: Owner, projectId: string, fileId: string): Promise<void> {
    const { file } = await this.findFile(owner, projectId, fileId);
    const documents = await this.documentKeys([file.id]);
    const drawings = await this.drawingKeys([file.id]);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('cart_item').where('file_id', '=', file.id).execute();
      await trx.deleteFrom('quote_review').where('file_id', '=', file.id).execute();
      await trx.deleteFrom('quote_file_drawing').where('file_id', '=', file.id).execute();
      await trx.deleteFrom('quote_file').where('id', '=', file.id).execute();
      if (file.split_from) {
        // An assembly without parts is not a bill of materials any more.
        const left = await trx.selectFrom('quote_file').select('id').where('project_id', '=', file.project_id).where('split_from', '=', file.split_from).executeTakeFirst();
        if (!left) await trx.deleteFrom('quote_assembly').where('id', '=', file.split_from).execute();
      }
    });
    if (!file.removed_at) await this.ctx.quote.files.delete(file.storage_key);
    for (const key of documents) await this.ctx.quote.files.delete(key);
    await deleteUnorderedDrawings(this.ctx, drawings);
  }

  /**
   * Replaces a file of several bodies by one file per part (ADR 131): the stored bytes are split
   * in the worker pool, each part stored as a binary STL in mm with its metrics and findings, named
   * "<file> – <part>", configured as the file was (what applies to the project's service) with its
   * quantity the part's count times the file's, and priced. The file, its cart lines and its bytes
   * go in the same transaction that adds the parts; a second split of it (a double click) is a 409.
   */
  async split(owner: Owner, projectId: string, fileId: string): Promise<FileSplit> {
    const { ctx } = this;
    const project = await this.find(owner, projectId);
    const file = await this.db.selectFrom('quote_file').selectAll().where('id', '=', fileId).where('project_id', '=', project.id).executeTakeFirst();
    if (!file) throw await this.splitGone(project.id, fileId);
    if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    assertAnalysed(file);
    const metrics = fileMetrics(file);
    const summary = file.summary ? fileSummary(file.summary) : null;
    if (!metrics || !summary?.assembly) throw new HttpError(422, FILE_MESSAGES.notAssembly(file.name));
    if (fileFindings(file).some((f) => f.code === 'units-uncertain')) throw new HttpError(409, FILE_MESSAGES.splitUnitsFirst(file.name));
    const room = ctx.config.quoteMaxFilesPerProject - (await this.keptFileCount(project.id)) + 1;
    if (summary.assembly.partCount > room) throw new HttpError(422, FILE_MESSAGES.splitTooMany(file.name, summary.assembly.partCount, room));

    const documents = await this.documentKeys([file.id]);
    const drawings = await this.drawingKeys([file.id]);
    const parts = await this.splitStored(file, millimetresPerFileUnit(metrics, summary.unitCorrection)).catch(async (error: unknown) => {
      // The bytes gone meanwhile: a split of the same file that started at once finished first (a
      // double click), so this one is the 409 it would have been a moment later.
      if (error instanceof HttpError && error.status === 410) {
        const gone = await this.splitGone(project.id, file.id);
        if (gone.status === 409) throw gone;
      }
      throw error;
    });
    if (parts.length === 0) throw new HttpError(422, FILE_MESSAGES.notAssembly(file.name));
    const at = ctx.clock();
    const saved = file.configuration ? parseJson<PartConfiguration>(file.configuration) : null;
    const base = configurationForProcess(saved, project.process as ProcessSlug);
    const assemblies = Math.max(1, Math.floor(saved?.quantity ?? 1));
    const rows: FileRow[] = [];
    try {
      for (const [i, part] of parts.entries()) rows.push(await this.storePart(project.id, file, part, i, { ...base, quantity: part.count * assemblies }, at));
      await transact(this.db, async (trx) => {
        await trx.deleteFrom('cart_item').where('file_id', '=', file.id).execute();
        await trx.deleteFrom('quote_review').where('file_id', '=', file.id).execute();
        // The assembly's drawing goes with it; its note is each part's (ADR 164).
        await trx.deleteFrom('quote_file_drawing').where('file_id', '=', file.id).execute();
        const gone = await trx.deleteFrom('quote_file').where('id', '=', file.id).executeTakeFirst();
        // Another request split it meanwhile: this one's parts are not kept.
        if (Number(gone.numDeletedRows) !== 1) throw new HttpError(409, FILE_MESSAGES.alreadySplit);
        await trx.insertInto('quote_file').values(rows).execute();
        // The bill of materials (ADR 162): the file's quantity is how many assemblies.
        await trx.insertInto('quote_assembly').values({ id: file.id, project_id: project.id, name: file.name, quantity: assemblies, created_at: iso(at) }).execute();
        await trx.updateTable('quote_project').set({ updated_at: iso(at) }).where('id', '=', project.id).execute();
      });
    } catch (error) {
      for (const row of rows) await ctx.quote.files.delete(row.storage_key);
      throw error;
    }
    await ctx.quote.files.delete(file.storage_key);
    for (const key of documents) await ctx.quote.files.delete(key);
    await deleteUnorderedDrawings(ctx, drawings);
    const assembly = { id: file.id, name: file.name, quantity: assemblies };
    return { from: file.id, list: rows.map((r) => toQuoteFile(r, assembly)), total: rows.length };
  }

  /** A split asked for a file that is not there: 409 when its parts are (split already), else 404. */
  private async splitGone(projectId: string, fileId: string): Promise<HttpError> {
    const part = await this.db.selectFrom('quote_file').select('id').where('project_id', '=', projectId).where('split_from', '=', fileId).executeTakeFirst();
    return part ? new HttpError(409, FILE_MESSAGES.alreadySplit) : new HttpError(404, FILE_NOT_FOUND);
  }

  /** The stored bytes, copied to a spool file and split in the worker pool (ADR 041's threads and time limit). */
  private async splitStored(file: FileRow, mmPerUnit: number): Promise<SplitPartOutcome[]> {
    const { files, analysis } = this.ctx.quote;
    const stored = await files.open(file.storage_key);
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    await fs.mkdir(files.spoolDir, { recursive: true });
    const local = path.join(files.spoolDir, `split-${randomUUID()}.part`);
    try {
      await pipeline(stored.stream, files.openSpool(local));
      return (await analysis.split(local, mmPerUnit)).parts;
    } catch (error) {
      if (!(error instanceof AnalysisFailedError)) throw error;
      throw new HttpError(422, FILE_MESSAGES.notAnalysed(file.name, error.message));
    } finally {
      await fs.rm(local, { force: true });
    }
  }

  /** Stores one part's STL and answers its row (not yet inserted), configured and priced. */
  private async storePart(projectId: string, from: FileRow, part: SplitPartOutcome, index: number, configuration: PartConfiguration, at: Date): Promise<FileRow> {
    const { files } = this.ctx.quote;
    const id = randomUUID();
    const key = `${projectId}/${id}`;
    const local = path.join(files.spoolDir, `${id}.part`);
    await fs.writeFile(local, part.stl, { mode: 0o600 });
    try {
      await files.putFile(key, local);
    } finally {
      await fs.rm(local, { force: true });
    }
    const row: FileRow = {
      id,
      project_id: projectId,
      // A part's name comes from inside the file (an assembly's product names): cleaned as a name a customer types.
      name: withoutInvisible(`${from.name} – ${part.name}`).slice(0, 200),
      storage_key: key,
      size_bytes: part.stl.byteLength,
      sha256: createHash('sha256').update(part.stl).digest('hex'),
      format: 'stl-binary',
      metrics: JSON.stringify(part.metrics),
      findings: JSON.stringify(part.findings),
      summary: JSON.stringify(part.summary),
      orderable: part.orderable ? 1 : 0,
      analysis_ms: from.analysis_ms,
      configuration: JSON.stringify(configuration),
      quote: null,
      priced_at: iso(at),
      // A part keeps its file's dates (the same upload, kept as long); a millisecond apart each, so
      // the list (by upload time) shows the parts where the file was, in the order of the parts.
      uploaded_at: new Date(Date.parse(from.uploaded_at) + index).toISOString(),
      expires_at: from.expires_at,
      removed_at: null,
      analysis_state: 'done',
      analysis_error: null,
      checks_state: 'done',
      split_from: from.id,
      kept_whole: 0,
      per_assembly: part.count,
      // A part of the assembly starts with the assembly's note.
      note: from.note,
    };
    row.quote = JSON.stringify(priceFile(row, configuration, at, this.ctx.config.maxOrderCents));
    return row;
  }

  /** The customer keeps a file of several bodies as one part: the split is no longer offered (ADR 131). */
  async keepWhole(owner: Owner, projectId: string, fileId: string): Promise<QuoteFile> {
    const { file } = await this.findFile(owner, projectId, fileId);
    if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    await this.db.updateTable('quote_file').set({ kept_whole: 1 }).where('id', '=', file.id).execute();
    return this.out({ ...file, kept_whole: 1 });
  }

  /** Saves the part's configuration and answers the server's quote (the price that counts). */
  async configure(owner: Owner, projectId: string, fileId: string, configuration: PartConfiguration): Promise<PartQuote> {
    const { project, file } = await this.findFile(owner, projectId, fileId);
    if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    assertAnalysed(file);
    if (configuration.process !== project.process) {
      throw fieldError('process', `This project is for ${findProcess(project.process)?.name ?? project.process}: change the project’s manufacturing service to configure the part for ${findProcess(configuration.process)?.name ?? configuration.process}.`);
    }
    const at = this.ctx.clock();
    const result = priceFile(file, configuration, at, this.ctx.config.maxOrderCents);
    await this.db
      .updateTable('quote_file')
      .set({ configuration: JSON.stringify(configuration), quote: JSON.stringify(result), priced_at: iso(at) })
      .where('id', '=', file.id)
      .execute();
    // Priced before the walls and holes were stored: the stored quote takes their warnings after them.
    const checks = this.ctx.quote.checks.get(file.id);
    if (checks) void checks.then(() => this.priceAgain(file.id)).catch((error: unknown) => this.ctx.log(`[quote] file ${file.id} was not priced again: ${String(error)}`));
    return { fileId: file.id, configuration, result, pricedAt: iso(at) };
  }

  /**
   * The user confirmed the units of an STL/OBJ file, or corrected the declared units of a STEP/3MF
   * file: metrics read again, findings and price updated.
   */
  async confirmUnits(owner: Owner, projectId: string, fileId: string, input: UnitsInput): Promise<QuoteFile> {
    // Read in other units only once this process has stored the walls and holes it is measuring (ADR 145).
    const checks = this.ctx.quote.checks.get(fileId);
    if (checks) {
      await this.findFile(owner, projectId, fileId); // someone else's file is not found, not waited for
      await checks;
    }
    const { file } = await this.findFile(owner, projectId, fileId);
    if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    assertAnalysed(file);
    const metrics = fileMetrics(file);
    if (!metrics) throw new HttpError(422, `"${file.name}" could not be read, so it has no size to read in other units.`);
    const summary = file.summary ? fileSummary(file.summary) : null;
    const current = summary?.unitCorrection ?? 'none';
    const declared = declaresUnits(metrics, current);
    let reading: UnitReading;
    if ('unit' in input) {
      if (declared) throw fieldError('unit', `"${file.name}" declares its own units: if its size is wrong, correct the declared units instead.`);
      reading = { unit: input.unit };
    } else {
      if (!declared) throw fieldError('correction', `"${file.name}" carries no units: confirm its unit (millimetres, inches, centimetres or metres) instead.`);
      reading = { correction: input.correction, from: current };
    }
    const updated = findingsWithUnit(metrics, fileFindings(file), reading);
    const at = this.ctx.clock();
    const row: FileRow = {
      ...file,
      metrics: JSON.stringify(updated.metrics),
      findings: JSON.stringify(updated.findings),
      summary: summary ? JSON.stringify(updated.summary(summary)) : null,
      orderable: updated.orderable ? 1 : 0,
    };
    if (file.configuration) {
      row.quote = JSON.stringify(priceFile(row, parseJson<PartConfiguration>(file.configuration), at, this.ctx.config.maxOrderCents));
      row.priced_at = iso(at);
    }
    await this.db
      .updateTable('quote_file')
      .set({ metrics: row.metrics, findings: row.findings, summary: row.summary, orderable: row.orderable, quote: row.quote, priced_at: row.priced_at })
      .where('id', '=', file.id)
      .execute();
    return this.out(row);
  }

  /** The saved configuration and quote, priced again when older than a day. */
  async quote(owner: Owner, projectId: string, fileId: string): Promise<PartQuote> {
    const { file } = await this.findFile(owner, projectId, fileId);
    if (!file.configuration || !file.quote || !file.priced_at) throw new HttpError(404, NO_QUOTE);
    const configuration = parseJson<PartConfiguration>(file.configuration);
    const now = this.ctx.clock();
    if (!file.removed_at && isStale(file.priced_at, now)) {
      const result = priceFile(file, configuration, now, this.ctx.config.maxOrderCents);
      await this.db.updateTable('quote_file').set({ quote: JSON.stringify(result), priced_at: iso(now) }).where('id', '=', file.id).execute();
      return { fileId: file.id, configuration, result, pricedAt: iso(now) };
    }
    return { fileId: file.id, configuration, result: parseJson(file.quote), pricedAt: file.priced_at };
  }

  /**
   * How many assemblies (ADR 162): each kept part of the assembly that knows its count per assembly
   * takes that count times `quantity` as its quantity, keeping the rest of its configuration, and is
   * priced again, in one transaction. A part not configured yet gets the service's defaults.
   */
  async setAssemblyQuantity(owner: Owner, projectId: string, assemblyId: string, quantity: number): Promise<AssemblyQuantity> {
    const project = await this.find(owner, projectId);
    const assembly = await this.db.selectFrom('quote_assembly').selectAll().where('id', '=', assemblyId).where('project_id', '=', project.id).executeTakeFirst();
    if (!assembly) throw new HttpError(404, ASSEMBLY_NOT_FOUND);
    const parts = await this.db
      .selectFrom('quote_file')
      .selectAll()
      .where('project_id', '=', project.id)
      .where('split_from', '=', assembly.id)
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute();
    const largest = Math.max(1, ...parts.map((p) => Number(p.per_assembly ?? 1)));
    if (quantity * largest > MAX_QUANTITY) throw fieldError('quantity', ASSEMBLY_MESSAGES.tooMany(largest));
    const at = this.ctx.clock();
    const rows: FileRow[] = [];
    await transact(this.db, async (trx) => {
      await trx.updateTable('quote_assembly').set({ quantity }).where('id', '=', assembly.id).execute();
      for (const part of parts) {
        if (part.per_assembly === null || part.removed_at || !part.metrics) {
          rows.push(part);
          continue;
        }
        const saved = part.configuration ? parseJson<PartConfiguration>(part.configuration) : null;
        const configuration = { ...configurationForProcess(saved, project.process as ProcessSlug), quantity: Number(part.per_assembly) * quantity };
        const row: FileRow = { ...part, configuration: JSON.stringify(configuration), quote: JSON.stringify(priceFile(part, configuration, at, this.ctx.config.maxOrderCents)), priced_at: iso(at) };
        await trx.updateTable('quote_file').set({ configuration: row.configuration, quote: row.quote, priced_at: row.priced_at }).where('id', '=', part.id).execute();
        rows.push(row);
      }
      await trx.updateTable('quote_project').set({ updated_at: iso(at) }).where('id', '=', project.id).execute();
    });
    const record = { id: assembly.id, name: assembly.name, quantity };
    return { assembly: record, list: await this.withAssemblies(rows) };
  }

  async createDocument(owner: Owner, projectId: string, fileIds: readonly string[] | undefined): Promise<QuoteDocumentCreated> {
    const project = await this.find(owner, projectId);
    return createQuoteDocument(this.ctx, owner, project, fileIds);
  }
}

/**
 * A file still in the queue has no metrics to price or re-read yet (409, try again shortly); one
 * whose analysis failed says why (422). ADR 115.
 */
function assertAnalysed(file: FileRow): void {
  if (file.analysis_state === 'analysing') throw new HttpError(409, FILE_MESSAGES.analysing(file.name));
  if (file.analysis_state === 'failed') throw new HttpError(422, file.analysis_error ?? FILE_MESSAGES.notAnalysed(file.name, FILE_MESSAGES.analysisStopped));
}
