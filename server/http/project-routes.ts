import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import {
  QUOTE_FILE_RETENTION_MONTHS,
  projectInputErrors,
  type PartQuote,
  type ProjectDeleted,
  type ProjectList,
  type QuoteFileList,
  type UploadHistory,
} from '#domain/api/quote';
import type { ProcessSlug } from '#domain/catalogue/types';
import { FILE_MESSAGES } from '#domain/rules/quote-file-rules';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { AppContext } from '../app-context.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import { iso } from '../clock.ts';
import { AnalysisFailedError } from '../quote/analysis-pool.ts';
import { readConfiguration } from '../quote/configuration.ts';
import { idParam, ownerColumns, ownerOf, type Owner } from '../quote/owner.ts';
import { isStale, priceFile } from '../quote/pricing.ts';
import { createQuoteDocument } from '../quote/quote-document.ts';
import { receiveUpload } from '../quote/receive-upload.ts';
import { FILE_REMOVED_MESSAGE, fileFindings, fileMetrics, parseJson, toProject, toQuoteFile, toUploadHistoryItem, type FileRow } from '../quote/records.ts';
import { findingsWithUnit } from '../quote/units.ts';
import { addMonths } from '../quote/retention.ts';
import { ApiRouter } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';
import { quoteSchemas as q } from './quote-schemas.ts';
import { readJson, readPaging } from './request.ts';

export const PROJECT_NOT_FOUND = 'Project not found.';
export const FILE_NOT_FOUND = 'File not found.';
const NO_QUOTE = 'This part has no configuration yet: choose its options to get a price.';

/**
 * Quote projects and their files on the microservice API (ADRs 040–044): create, list, read,
 * rename, delete; streamed upload analysed in the worker pool; the part's configuration and the
 * server's price; the caller's upload history. Every call is the caller's alone: someone else's
 * id answers 404 exactly as a missing one.
 */
export function projectRoutes(ctx: AppContext): ApiRouter {
  const { db, config } = ctx;
  const router = new ApiRouter('/project', 'Projects', { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy });

  const findProject = async (owner: Owner, id: string) => {
    const row = await db.selectFrom('quote_project').selectAll().where('id', '=', id).where(owner.column, '=', owner.id).executeTakeFirst();
    if (!row) throw new HttpError(404, PROJECT_NOT_FOUND);
    return row;
  };
  const keptFileCount = async (projectId: string) =>
    Number(
      (
        await db
          .selectFrom('quote_file')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .where('removed_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const findFile = async (c: Context<AppEnv>) => {
    const owner = ownerOf(c);
    const project = await findProject(owner, idParam(c, 'id', PROJECT_NOT_FOUND));
    const fileId = idParam(c, 'fileId', FILE_NOT_FOUND);
    const file = await db.selectFrom('quote_file').selectAll().where('id', '=', fileId).where('project_id', '=', project.id).executeTakeFirst();
    if (!file) throw new HttpError(404, FILE_NOT_FOUND);
    return { owner, project, file };
  };
  const projectBody = async (owner: Owner, id: string) => toProject(await findProject(owner, id), await keptFileCount(id));

  router.route({
    method: 'post',
    path: '/',
    summary: 'Create a project (name and manufacturing service required)',
    auth: 'session',
    body: q.ProjectInput,
    response: q.Project,
    status: 201,
    handler: async (c) => {
      const owner = ownerOf(c);
      const body = await readJson(c);
      const errors = projectInputErrors(body);
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new HttpError(422, first, errors);
      const now = iso(ctx.clock());
      const id = randomUUID();
      try {
        await db
          .insertInto('quote_project')
          .values({ id, ...ownerColumns(owner), name: (body.name as string).trim(), process: body.process as ProcessSlug, created_at: now, updated_at: now })
          .execute();
      } catch (error) {
        ctx.log(`[quote] project insert failed: ${String(error)}`);
        throw new HttpError(500, 'Unable to create new project.');
      }
      return c.json(await projectBody(owner, id), 201);
    },
  });

  router.route({
    method: 'get',
    path: '/list',
    summary: 'The caller’s projects, newest first',
    auth: 'session',
    query: { page: { schema: s.integer({ minimum: 1 }) }, pageSize: { schema: s.integer({ minimum: 1, maximum: 100 }) } },
    response: s.page(q.Project),
    handler: async (c) => {
      const owner = ownerOf(c);
      const paging = readPaging(c.req.query());
      const rows = await db
        .selectFrom('quote_project')
        .selectAll('quote_project')
        .select((eb) =>
          eb
            .selectFrom('quote_file')
            .select(eb.fn.countAll().as('n'))
            .whereRef('quote_file.project_id', '=', 'quote_project.id')
            .where('quote_file.removed_at', 'is', null)
            .as('file_count'),
        )
        .where(`quote_project.${owner.column}`, '=', owner.id)
        .orderBy('quote_project.created_at', 'desc')
        .orderBy('quote_project.id')
        .limit(paging.pageSize)
        .offset(paging.offset)
        .execute();
      const total = await db.selectFrom('quote_project').select((eb) => eb.fn.countAll().as('n')).where(owner.column, '=', owner.id).executeTakeFirstOrThrow();
      const page: ProjectList = { list: rows.map((r) => toProject(r, r.file_count)), total: Number(total.n), page: paging.page, pageSize: paging.pageSize };
      return c.json(page);
    },
  });

  router.route({
    method: 'get',
    path: '/upload-history',
    summary: `The caller’s uploads of the last ${QUOTE_FILE_RETENTION_MONTHS} months, newest first`,
    auth: 'session',
    query: { page: { schema: s.integer({ minimum: 1 }) }, pageSize: { schema: s.integer({ minimum: 1, maximum: 100 }) } },
    response: s.page(q.UploadHistoryItem),
    handler: async (c) => {
      const owner = ownerOf(c);
      const paging = readPaging(c.req.query());
      const since = iso(addMonths(ctx.clock(), -QUOTE_FILE_RETENTION_MONTHS));
      const base = db
        .selectFrom('quote_file')
        .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
        .where(`quote_project.${owner.column}`, '=', owner.id)
        .where('quote_file.uploaded_at', '>=', since);
      const rows = await base
        .selectAll('quote_file')
        .select(['quote_project.name as project_name', 'quote_project.process as project_process'])
        .orderBy('quote_file.uploaded_at', 'desc')
        .orderBy('quote_file.id')
        .limit(paging.pageSize)
        .offset(paging.offset)
        .execute();
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const page: UploadHistory = { list: rows.map(toUploadHistoryItem), total: Number(total.n), page: paging.page, pageSize: paging.pageSize };
      return c.json(page);
    },
  });

  router.route({
    method: 'get',
    path: '/:id',
    summary: 'One project',
    auth: 'session',
    response: q.Project,
    handler: async (c) => c.json(await projectBody(ownerOf(c), idParam(c, 'id', PROJECT_NOT_FOUND))),
  });

  router.route({
    method: 'patch',
    path: '/:id',
    summary: 'Rename a project or change its manufacturing service',
    description: 'Changing the service clears the saved configurations (and prices) of parts configured for another service.',
    auth: 'session',
    body: q.ProjectPatch,
    response: q.Project,
    handler: async (c) => {
      const owner = ownerOf(c);
      const project = await findProject(owner, idParam(c, 'id', PROJECT_NOT_FOUND));
      const body = await readJson(c);
      const errors = projectInputErrors(body, true);
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new HttpError(422, first, errors);
      const name = typeof body.name === 'string' ? body.name.trim() : project.name;
      const process = (body.process as ProcessSlug | undefined) ?? (project.process as ProcessSlug);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('quote_project').set({ name, process, updated_at: iso(ctx.clock()) }).where('id', '=', project.id).execute();
        if (process === project.process) return;
        const configured = await trx.selectFrom('quote_file').select(['id', 'configuration']).where('project_id', '=', project.id).where('configuration', 'is not', null).execute();
        for (const file of configured) {
          if (parseJson<PartConfiguration>(file.configuration as string).process === process) continue;
          await trx.updateTable('quote_file').set({ configuration: null, quote: null, priced_at: null }).where('id', '=', file.id).execute();
        }
      });
      return c.json(await projectBody(owner, project.id));
    },
  });

  router.route({
    method: 'delete',
    path: '/:id',
    summary: 'Delete a project with its files (and their cart lines)',
    description: 'Quote documents already shared keep their held lines until they expire.',
    auth: 'session',
    response: s.object({ deleted: s.boolean({ const: true }), files: s.integer() }),
    handler: async (c) => {
      const owner = ownerOf(c);
      const project = await findProject(owner, idParam(c, 'id', PROJECT_NOT_FOUND));
      const files = await db.selectFrom('quote_file').select(['id', 'storage_key', 'removed_at']).where('project_id', '=', project.id).execute();
      await db.transaction().execute(async (trx) => {
        const ids = files.map((f) => f.id);
        if (ids.length > 0) {
          await trx.deleteFrom('cart_item').where('file_id', 'in', ids).execute();
          await trx.deleteFrom('quote_file').where('project_id', '=', project.id).execute();
        }
        await trx.deleteFrom('quote_project').where('id', '=', project.id).execute();
      });
      for (const file of files) if (!file.removed_at) await ctx.quote.files.delete(file.storage_key);
      const body: ProjectDeleted = { deleted: true, files: files.length };
      return c.json(body);
    },
  });

  router.route({
    method: 'get',
    path: '/:id/files',
    summary: 'The project’s files with their analysis, oldest first',
    auth: 'session',
    response: s.object({ list: s.array(q.QuoteFile), total: s.integer() }),
    handler: async (c) => {
      const project = await findProject(ownerOf(c), idParam(c, 'id', PROJECT_NOT_FOUND));
      const rows = await db.selectFrom('quote_file').selectAll().where('project_id', '=', project.id).orderBy('uploaded_at').orderBy('id').execute();
      const body: QuoteFileList = { list: rows.map(toQuoteFile), total: rows.length };
      return c.json(body);
    },
  });

  router.route({
    method: 'post',
    path: '/:id/files',
    summary: 'Upload one 3D model file (streamed; analysed on the server)',
    description: `multipart/form-data with one part named \`file\`. Over the size limit (${config.quoteMaxFileBytes} bytes): 413, nothing stored. Not a CAD file by its content, empty, a second file, or more than ${config.quoteMaxFilesPerProject} files in the project: 422. Answers the file record with the server’s metrics and findings; a damaged file is stored with findings that say what is wrong.`,
    auth: 'session',
    multipart: s.object({ file: s.string({ format: 'binary' }) }),
    response: q.QuoteFile,
    status: 201,
    handler: async (c) => {
      const owner = ownerOf(c);
      const project = await findProject(owner, idParam(c, 'id', PROJECT_NOT_FOUND));
      const tooMany = `A project holds at most ${config.quoteMaxFilesPerProject} files: remove one or start another project.`;
      if ((await keptFileCount(project.id)) >= config.quoteMaxFilesPerProject) throw new HttpError(422, tooMany, { file: [tooMany] });

      const started = performance.now();
      const received = await receiveUpload(c, { spoolDir: ctx.quote.files.spoolDir, maxBytes: config.quoteMaxFileBytes });
      const receivedMs = performance.now() - started;
      const discard = () => fs.rm(received.path, { force: true });
      let outcome;
      try {
        outcome = await ctx.quote.analysis.analyse(received.path);
      } catch (error) {
        await discard();
        if (!(error instanceof AnalysisFailedError)) throw error;
        const message = `"${received.name}" could not be analysed: ${error.message} Try again, or upload an STL or STEP export of the part.`;
        throw new HttpError(422, message, { file: [message] });
      }
      if (outcome.format === null) {
        await discard();
        throw new HttpError(422, FILE_MESSAGES.type(received.name), { file: [FILE_MESSAGES.type(received.name)] });
      }
      if ((await keptFileCount(project.id)) >= config.quoteMaxFilesPerProject) {
        await discard();
        throw new HttpError(422, tooMany, { file: [tooMany] });
      }

      const id = randomUUID();
      const key = `${project.id}/${id}`;
      const now = ctx.clock();
      await ctx.quote.files.putFile(key, received.path);
      const row: FileRow = {
        id,
        project_id: project.id,
        name: received.name,
        storage_key: key,
        size_bytes: received.sizeBytes,
        sha256: received.sha256,
        format: outcome.format,
        metrics: outcome.metrics ? JSON.stringify(outcome.metrics) : null,
        findings: JSON.stringify(outcome.findings),
        summary: outcome.summary ? JSON.stringify(outcome.summary) : null,
        orderable: outcome.orderable ? 1 : 0,
        analysis_ms: outcome.analysisMs,
        configuration: null,
        quote: null,
        priced_at: null,
        uploaded_at: iso(now),
        expires_at: iso(addMonths(now, QUOTE_FILE_RETENTION_MONTHS)),
        removed_at: null,
      };
      try {
        await db.insertInto('quote_file').values(row).execute();
        await db.updateTable('quote_project').set({ updated_at: iso(now) }).where('id', '=', project.id).execute();
      } catch (error) {
        await ctx.quote.files.delete(key);
        throw error;
      }
      c.header('Server-Timing', `receive;dur=${receivedMs.toFixed(1)}, analyse;dur=${outcome.analysisMs}, total;dur=${(performance.now() - started).toFixed(1)}`);
      return c.json(toQuoteFile(row), 201);
    },
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId',
    summary: 'One file with its analysis',
    auth: 'session',
    response: q.QuoteFile,
    handler: async (c) => c.json(toQuoteFile((await findFile(c)).file)),
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId/content',
    summary: 'The uploaded bytes (for the 3D viewer after a reload)',
    auth: 'session',
    response: s.string({ format: 'binary' }),
    handler: async (c) => {
      const { file } = await findFile(c);
      if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
      const stored = await ctx.quote.files.open(file.storage_key);
      if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
      return new Response(Readable.toWeb(stored.stream) as ReadableStream, {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(stored.sizeBytes),
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  });

  router.route({
    method: 'delete',
    path: '/:id/files/:fileId',
    summary: 'Remove a file from the project (and from the cart)',
    auth: 'session',
    response: s.object({ deleted: s.boolean({ const: true }) }),
    handler: async (c) => {
      const { file } = await findFile(c);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('cart_item').where('file_id', '=', file.id).execute();
        await trx.deleteFrom('quote_file').where('id', '=', file.id).execute();
      });
      if (!file.removed_at) await ctx.quote.files.delete(file.storage_key);
      return c.json({ deleted: true });
    },
  });

  router.route({
    method: 'put',
    path: '/:id/files/:fileId/configuration',
    summary: 'Save the part’s configuration; answers the server’s quote (the price that counts)',
    description:
      'The configuration’s process must be the project’s. An incomplete configuration is saved and answered with `result.validation` saying what is missing; only a body that is not a configuration is a 422.',
    auth: 'session',
    body: q.PartConfiguration,
    response: q.PartQuote,
    handler: async (c) => {
      const { project, file } = await findFile(c);
      if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
      const configuration = readConfiguration(await readJson(c));
      if (configuration.process !== project.process) {
        const message = `This project is for ${project.process}: change the project’s manufacturing service to configure the part for ${configuration.process}.`;
        throw new HttpError(422, message, { process: [message] });
      }
      const at = ctx.clock();
      const result = priceFile(file, configuration, at);
      await db
        .updateTable('quote_file')
        .set({ configuration: JSON.stringify(configuration), quote: JSON.stringify(result), priced_at: iso(at) })
        .where('id', '=', file.id)
        .execute();
      const body: PartQuote = { fileId: file.id, configuration, result, pricedAt: iso(at) };
      return c.json(body);
    },
  });

  router.route({
    method: 'put',
    path: '/:id/files/:fileId/units',
    summary: 'Confirm the units of a file without declared units (STL, OBJ): its metrics are read again in them',
    description: 'Metrics become `withUnit(metrics, unit)` (units.source `user`); the units finding goes and the size findings are checked again; a saved configuration is priced again.',
    auth: 'session',
    body: s.object({ unit: s.enum(['mm', 'inch']) }),
    response: q.QuoteFile,
    handler: async (c) => {
      const { file } = await findFile(c);
      if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
      const { unit } = await readJson(c);
      if (unit !== 'mm' && unit !== 'inch') throw new HttpError(422, 'Please choose millimetres or inches.', { unit: ['Please choose millimetres or inches.'] });
      const metrics = fileMetrics(file);
      if (!metrics) throw new HttpError(422, `"${file.name}" could not be read, so it has no size to read in other units.`);
      if (metrics.units.source === 'file') throw new HttpError(422, `"${file.name}" declares its own units (millimetres): there is nothing to confirm.`);
      const updated = findingsWithUnit(metrics, fileFindings(file), unit);
      const at = ctx.clock();
      const row: FileRow = {
        ...file,
        metrics: JSON.stringify(updated.metrics),
        findings: JSON.stringify(updated.findings),
        summary: file.summary ? JSON.stringify(updated.summary(parseJson(file.summary))) : null,
        orderable: updated.orderable ? 1 : 0,
      };
      if (file.configuration) {
        const result = priceFile(row, parseJson<PartConfiguration>(file.configuration), at);
        row.quote = JSON.stringify(result);
        row.priced_at = iso(at);
      }
      await db
        .updateTable('quote_file')
        .set({ metrics: row.metrics, findings: row.findings, summary: row.summary, orderable: row.orderable, quote: row.quote, priced_at: row.priced_at })
        .where('id', '=', file.id)
        .execute();
      return c.json(toQuoteFile(row));
    },
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId/quote',
    summary: 'The part’s saved configuration and the server’s quote (priced again when older than a day)',
    auth: 'session',
    response: q.PartQuote,
    handler: async (c) => {
      const { file } = await findFile(c);
      if (!file.configuration || !file.quote || !file.priced_at) throw new HttpError(404, NO_QUOTE);
      const configuration = parseJson<PartConfiguration>(file.configuration);
      const now = ctx.clock();
      if (!file.removed_at && isStale(file.priced_at, now)) {
        const result = priceFile(file, configuration, now);
        await db.updateTable('quote_file').set({ quote: JSON.stringify(result), priced_at: iso(now) }).where('id', '=', file.id).execute();
        return c.json({ fileId: file.id, configuration, result, pricedAt: iso(now) } satisfies PartQuote);
      }
      return c.json({ fileId: file.id, configuration, result: parseJson(file.quote), pricedAt: file.priced_at } satisfies PartQuote);
    },
  });

  router.route({
    method: 'post',
    path: '/:id/quote-document',
    summary: 'Share a quote document: prices held for 30 days, readable by anyone with the link',
    description: 'Includes the given files, or every configured part that can be ordered. Each part is priced afresh; the link (JSON and PDF) is answered only this once.',
    auth: 'session',
    body: q.QuoteDocumentInput,
    response: q.QuoteDocumentCreated,
    status: 201,
    handler: async (c) => {
      const owner = ownerOf(c);
      const project = await findProject(owner, idParam(c, 'id', PROJECT_NOT_FOUND));
      const body = await readJson(c);
      const created = await createQuoteDocument(ctx, owner, project, body.fileIds);
      return c.json(created, 201);
    },
  });

  return router;
}
