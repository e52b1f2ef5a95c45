import { Readable } from 'node:stream';
import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { PageQuerySchema } from '#domain/api/paging';
import {
  AssemblyQuantityInputSchema,
  AssemblyQuantitySchema,
  FileDeletedSchema,
  FileSplitSchema,
  FileUploadSchema,
  PartConfigurationSchema,
  PartQuoteSchema,
  ProjectDeletedSchema,
  ProjectInputSchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectPatchSchema,
  ProjectSchema,
  QuoteDocumentCreatedSchema,
  QuoteDocumentInputSchema,
  QuoteFileListSchema,
  QuoteFileSchema,
  QuoteReviewSchema,
  ReviewRequestUploadSchema,
  PartDrawingUploadSchema,
  PartNoteInputSchema,
  UnitsInputSchema,
  UploadHistorySchema,
} from '#domain/api/quote';
import { MAX_SPLIT_BODIES } from '#domain/geometry/bodies';
import { QUOTE_FILE_RETENTION_MONTHS, projectInputErrors } from '#domain/rules/project-rules';
import type { AppContext } from './app-context.ts';
import { ASSEMBLY_NOT_FOUND, FILE_NOT_FOUND, PROJECT_NOT_FOUND, Projects } from '../quote/projects.ts';
import { thumbnailsOf } from '../quote/thumbnails.ts';
import { PartDocuments } from '../quote/part-documents.ts';
import { REVIEW_MESSAGES, Reviews } from '../quote/reviews.ts';
import { MAX_DOCUMENT_MB, MAX_PART_NOTE, MAX_REVIEW_ATTACHMENTS } from '#domain/rules/document-rules';
import { ApiRouter } from './api-router.ts';
import { ownerOf } from './owner.ts';
import { StoredAnswers, ownerKey } from '../answers/stored-answers.ts';
import { STORED_ANSWER_NOTE, answerAround } from './answered-once.ts';

const project = { params: z.object({ id: rowId() }), notFound: PROJECT_NOT_FOUND };
const file = { params: z.object({ id: rowId(), fileId: rowId() }), notFound: { id: PROJECT_NOT_FOUND, fileId: FILE_NOT_FOUND } };
const assembly = { params: z.object({ id: rowId(), assemblyId: rowId() }), notFound: { id: PROJECT_NOT_FOUND, assemblyId: ASSEMBLY_NOT_FOUND } };
const reviewAttachment = {
  params: z.object({ id: rowId(), fileId: rowId(), attachmentId: rowId() }),
  notFound: { id: PROJECT_NOT_FOUND, fileId: FILE_NOT_FOUND, attachmentId: REVIEW_MESSAGES.attachmentNotFound },
};

/** A stored document's bytes as a download, never rendered by the browser as a page. */
export function documentResponse(doc: { name: string; contentType: string; stream: Readable; sizeBytes: number }): Response {
  return new Response(Readable.toWeb(doc.stream) as ReadableStream, {
    headers: {
      'Content-Type': doc.contentType,
      'Content-Length': String(doc.sizeBytes),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * Quote projects and their files on the microservice API (ADRs 040–044); the work is done by
 * `server/quote/projects.ts`. Every call is the caller's alone: someone else's id answers 404
 * exactly as a missing one.
 */
export function projectRoutes(ctx: AppContext): ApiRouter {
  const { config } = ctx;
  const projects = new Projects(ctx);
  const answers = new StoredAnswers(ctx.db, ctx.clock);
  const thumbnails = thumbnailsOf(ctx);
  const reviews = new Reviews(ctx);
  const documents = new PartDocuments(ctx, projects);
  const router = new ApiRouter('/project', 'Projects', ctx);

  router.route({
    method: 'post',
    path: '/',
    summary: 'Create a project (name and manufacturing service required)',
    auth: 'session',
    rateLimit: 'project',
    body: ProjectInputSchema,
    rules: (body) => projectInputErrors(body),
    response: ProjectSchema,
    status: 201,
    handler: (c, { body }) => projects.create(ownerOf(c), body),
  });

  router.route({
    method: 'get',
    path: '/list',
    summary: 'The caller’s projects, most recently changed first; `q` searches their names',
    auth: 'session',
    query: ProjectListQuerySchema,
    response: ProjectListSchema,
    handler: (c, { query }) => projects.list(ownerOf(c), query),
  });

  router.route({
    method: 'get',
    path: '/upload-history',
    summary: `The caller’s uploads of the last ${QUOTE_FILE_RETENTION_MONTHS} months, newest first`,
    auth: 'session',
    query: PageQuerySchema,
    response: UploadHistorySchema,
    handler: (c, { query }) => projects.uploadHistory(ownerOf(c), query),
  });

  router.route({
    method: 'get',
    path: '/:id',
    summary: 'One project',
    auth: 'session',
    ...project,
    response: ProjectSchema,
    handler: (c, { params }) => projects.read(ownerOf(c), params.id),
  });

  router.route({
    method: 'patch',
    path: '/:id',
    summary: 'Rename a project or change its manufacturing service',
    description:
      'Changing the service configures every part for it (a configuration for another service becomes the new service’s defaults, keeping quantity, lead-time tier and the colour and finishes still offered) and prices each again (ADR 100).',
    auth: 'session',
    ...project,
    body: ProjectPatchSchema,
    rules: (body) => projectInputErrors(body, true),
    response: ProjectSchema,
    handler: (c, { params, body }) => projects.update(ownerOf(c), params.id, body),
  });

  router.route({
    method: 'delete',
    path: '/:id',
    summary: 'Delete a project with its files (and their cart lines)',
    description: 'Quote documents already shared keep their held lines until they expire.',
    auth: 'session',
    ...project,
    response: ProjectDeletedSchema,
    handler: (c, { params }) => projects.remove(ownerOf(c), params.id),
  });

  router.route({
    method: 'get',
    path: '/:id/thumbnail',
    summary: 'A picture of the project: its first kept file drawn from the model (PNG, 160 × 160, transparent around the part)',
    description: 'Drawn once, the first time it is asked for (a large STEP file takes a few seconds), then kept with the file. 404 when the project holds no file that could be drawn.',
    auth: 'session',
    ...project,
    produces: 'image/png',
    handler: async (c, { params }) => {
      const png = await thumbnails.forProject(ownerOf(c), params.id);
      return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' });
    },
  });

  router.route({
    method: 'get',
    path: '/:id/files',
    summary: 'The project’s files with their analysis, oldest first',
    auth: 'session',
    ...project,
    response: QuoteFileListSchema,
    handler: (c, { params }) => projects.files(ownerOf(c), params.id),
  });

  router.route({
    method: 'post',
    path: '/:id/files',
    summary: 'Upload one 3D model file (streamed; analysed on the server)',
    description: `multipart/form-data with one part named \`file\`. Over the size limit (${config.quoteMaxFileBytes} bytes): 413, nothing stored. Not a CAD file by its content, empty, a second file, or more than ${config.quoteMaxFilesPerProject} files in the project: 422. Answers the file record with the server’s metrics and findings; a damaged file is stored with findings that say what is wrong. ${STORED_ANSWER_NOTE}`,
    auth: 'session',
    rateLimit: 'upload',
    ...project,
    multipart: FileUploadSchema,
    response: QuoteFileSchema,
    status: 201,
    // Sent again with its Idempotency-Key (the API process of the first went away), it answers the first upload's answer (ADR 174).
    handler: async (c, { params }) => {
      const owner = ownerOf(c);
      return answerAround(c, answers, { owner: ownerKey(owner), route: 'POST project/:id/files', request: params, status: 201 }, async () => {
        const { file: uploaded, timing } = await ctx.quote.uploads.run(`${owner.column}:${owner.id}`, () => projects.upload(owner, params.id, c.req.raw));
        c.header('Server-Timing', `receive;dur=${timing.receiveMs.toFixed(1)}, analyse;dur=${timing.analyseMs}, total;dur=${timing.totalMs.toFixed(1)}`);
        return uploaded;
      });
    },
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId',
    summary: 'One file with its analysis',
    auth: 'session',
    ...file,
    response: QuoteFileSchema,
    handler: (c, { params }) => projects.readFile(ownerOf(c), params.id, params.fileId),
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId/content',
    summary: 'The uploaded bytes (for the 3D viewer after a reload)',
    auth: 'session',
    ...file,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => {
      const stored = await projects.content(ownerOf(c), params.id, params.fileId);
      return new Response(Readable.toWeb(stored.stream) as ReadableStream, {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(stored.sizeBytes),
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(stored.name)}`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId/thumbnail',
    summary: 'A picture of one part, drawn from its model (PNG, 160 × 160, transparent around the part), for the parts table',
    description: 'Drawn once, the first time it is asked for, then kept with the file. 404 when the file was removed or could not be drawn.',
    auth: 'session',
    ...file,
    produces: 'image/png',
    handler: async (c, { params }) => {
      const png = await thumbnails.ofFile(ownerOf(c), params.id, params.fileId);
      return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' });
    },
  });

  router.route({
    method: 'delete',
    path: '/:id/files/:fileId',
    summary: 'Remove a file from the project (and from the cart)',
    auth: 'session',
    ...file,
    response: FileDeletedSchema,
    handler: async (c, { params }) => {
      await projects.removeFile(ownerOf(c), params.id, params.fileId);
      return { deleted: true as const };
    },
  });

  router.route({
    method: 'put',
    path: '/:id/files/:fileId/configuration',
    summary: 'Save the part’s configuration; answers the server’s quote (the price that counts)',
    description:
      'The configuration’s process must be the project’s. An incomplete configuration is saved and answered with `result.validation` saying what is missing; only a body that is not a configuration is a 422.',
    auth: 'session',
    ...file,
    body: PartConfigurationSchema,
    maxBodyBytes: 256 * 1024, // up to 20 finishes, each with up to 50 inserts or colours
    response: PartQuoteSchema,
    handler: (c, { params, body }) => projects.configure(ownerOf(c), params.id, params.fileId, body),
  });

  router.route({
    method: 'put',
    path: '/:id/files/:fileId/units',
    summary: 'Confirm the units of a file without declared units (STL, OBJ), or correct the declared units of a STEP or 3MF file whose size says they are wrong',
    description:
      '`{ unit }` for a file without units: metrics become `withUnit(metrics, unit)` (units.source `user`). `{ correction }` for a file with declared units: `inch-to-mm` reads it 25.4 × smaller, `mm-to-inch` 25.4 × larger, `none` as declared. Either way the units finding goes, the size findings are checked again and a saved configuration is priced again; the other kind of body is a 422.',
    auth: 'session',
    ...file,
    body: UnitsInputSchema,
    response: QuoteFileSchema,
    handler: (c, { params, body }) => projects.confirmUnits(ownerOf(c), params.id, params.fileId, body),
  });

  router.route({
    method: 'post',
    path: '/:id/files/:fileId/split',
    summary: 'Split a file of several bodies into its parts: one file per part, identical bodies counted as quantity',
    description: `Offered when \`summary.assembly.offered\` (2 to ${MAX_SPLIT_BODIES} bodies). The file is replaced in the project by one file per part (ADR 131): a binary STL of the part in millimetres with its own metrics and findings, named "<file> – <part>", configured as the file was where that still applies, its quantity the part's count times the file's, priced. The file, its cart lines and its bytes are gone. 409: split already (a double click), or units still to confirm; 422: one body, or more parts than the project has room for.`,
    auth: 'session',
    rateLimit: 'upload',
    ...file,
    response: FileSplitSchema,
    handler: async (c, { params }) => {
      const owner = ownerOf(c);
      return ctx.quote.uploads.run(`${owner.column}:${owner.id}`, () => projects.split(owner, params.id, params.fileId));
    },
  });

  router.route({
    method: 'post',
    path: '/:id/files/:fileId/keep-whole',
    summary: 'Keep a file of several bodies as one part: the split is no longer offered',
    description: 'Sets `summary.assembly.offered` to false for good; the file can still be split by POST …/split.',
    auth: 'session',
    ...file,
    response: QuoteFileSchema,
    handler: (c, { params }) => projects.keepWhole(ownerOf(c), params.id, params.fileId),
  });

  router.route({
    method: 'post',
    path: '/:id/files/:fileId/review',
    summary: 'Send a part for manual review: a note, the configuration, and up to three attachments',
    description: `multipart/form-data: \`note\` (required, up to ${MAX_PART_NOTE} characters), \`configuration\` (optional JSON PartConfiguration of the project's service; the saved one, else the service's defaults), and up to ${MAX_REVIEW_ATTACHMENTS} parts named \`attachment\` (PDF, DXF, DWG, PNG or JPEG judged by their content, up to ${MAX_DOCUMENT_MB} MB each). For a part that cannot be priced automatically (a blocking finding, too large for every machine, a material or finish not listed): staff answer with a price or a refusal, mailed to the account (ADR 163). Accounts only: a visitor's temporary token gets 403. 409 while the part is in review, or still being analysed; 410 once its file was removed; 413 an attachment too large; 422 no note, an attachment that is not a drawing, more than ${MAX_REVIEW_ATTACHMENTS}.`,
    auth: 'session',
    rateLimit: 'upload',
    ...file,
    multipart: ReviewRequestUploadSchema,
    response: QuoteReviewSchema,
    status: 201,
    handler: (c, { params }) => reviews.request(ownerOf(c), params.id, params.fileId, c.req.raw),
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId/review/attachments/:attachmentId',
    summary: 'An attachment sent with a part’s review (its owner only)',
    auth: 'session',
    ...reviewAttachment,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => documentResponse(await reviews.attachment(ownerOf(c), params.id, params.fileId, params.attachmentId)),
  });

  router.route({
    method: 'put',
    path: '/:id/files/:fileId/drawing',
    summary: 'Attach the part’s technical drawing (replacing the one it had)',
    description: `multipart/form-data with one part named \`drawing\`: a PDF, DXF, DWG, PNG or JPEG judged by its content (never its name), up to ${MAX_DOCUMENT_MB} MB. It stays with the part, travels to its cart line and to the order’s product, and only the part’s owner can download it (ADR 164). 410 once the part’s file was removed; 413 too large; 422 not one of those formats, empty, or missing.`,
    auth: 'session',
    rateLimit: 'upload',
    ...file,
    multipart: PartDrawingUploadSchema,
    response: QuoteFileSchema,
    handler: (c, { params }) => documents.putDrawing(ownerOf(c), params.id, params.fileId, c.req.raw),
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId/drawing',
    summary: 'The part’s technical drawing (its owner only)',
    auth: 'session',
    ...file,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => documentResponse(await documents.drawing(ownerOf(c), params.id, params.fileId)),
  });

  router.route({
    method: 'delete',
    path: '/:id/files/:fileId/drawing',
    summary: 'Remove the part’s drawing (an order made with it keeps its copy)',
    auth: 'session',
    ...file,
    response: QuoteFileSchema,
    handler: (c, { params }) => documents.removeDrawing(ownerOf(c), params.id, params.fileId),
  });

  router.route({
    method: 'put',
    path: '/:id/files/:fileId/note',
    summary: 'The part’s note for the factory (an empty note clears it)',
    description: `Up to ${MAX_PART_NOTE} characters. It travels to the cart line and becomes the order product’s comment (ADR 164).`,
    auth: 'session',
    ...file,
    body: PartNoteInputSchema,
    response: QuoteFileSchema,
    handler: (c, { params, body }) => documents.setNote(ownerOf(c), params.id, params.fileId, body.note),
  });

  router.route({
    method: 'put',
    path: '/:id/assemblies/:assemblyId',
    summary: 'How many of an assembly (a file split into parts): each of its parts’ quantity follows, priced again',
    description:
      'The assembly is the split file (`QuoteFile.assembly`, ADR 162). Each part still in the project takes its count per assembly times `quantity` as its quantity, the rest of its configuration kept, and is priced again; the parts are answered. 422 when a part would pass the largest quantity one line takes.',
    auth: 'session',
    ...assembly,
    body: AssemblyQuantityInputSchema,
    response: AssemblyQuantitySchema,
    handler: (c, { params, body }) => projects.setAssemblyQuantity(ownerOf(c), params.id, params.assemblyId, body.quantity),
  });

  router.route({
    method: 'get',
    path: '/:id/files/:fileId/quote',
    summary: 'The part’s saved configuration and the server’s quote (priced again when older than a day)',
    auth: 'session',
    ...file,
    response: PartQuoteSchema,
    handler: (c, { params }) => projects.quote(ownerOf(c), params.id, params.fileId),
  });

  router.route({
    method: 'post',
    path: '/:id/quote-document',
    summary: 'Share a quote document: prices held for 30 days, readable by anyone with the link',
    description: 'Includes the given files, or every configured part that can be ordered. Each part is priced afresh; the link (JSON and PDF) is answered only this once.',
    auth: 'session',
    ...project,
    body: QuoteDocumentInputSchema,
    response: QuoteDocumentCreatedSchema,
    status: 201,
    handler: (c, { params, body }) => projects.createDocument(ownerOf(c), params.id, body.fileIds),
  });

  return router;
}
