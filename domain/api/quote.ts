/**
 * Contract of the quote calls of the microservice API (`/msapi/<segment>/…`): projects, quote
 * files, part configuration and the server's price, the cart, and shared quote documents.
 * The spec marks these calls "not shown"; docs/api.md and ADRs 040–049 say how they were designed,
 * ADR 060 how they are declared (one zod schema per shape).
 *
 * Owners: every project, file, cart line and quote document belongs to one signed-in user or to
 * one visitor's temporary token (`session` calls); a visitor's things move to the account at
 * login or activation (ADR 026). Anything not the caller's answers 404, exactly as if it did not
 * exist.
 *
 * The engine's own structures (PartMetrics, Finding, QuoteResult, PartConfiguration) keep their
 * TypeScript types in the domain; the schemas below describe them for the API, and a type check
 * (`SameShape`) fails when the two drift apart.
 */
import { z } from 'zod';
import { FINISHES, type FinishShape } from '#domain/catalogue/finishes';
import type { Finish, LeadTimeTier, ProcessId, ProcessSlug } from '#domain/catalogue/types';
import { FINDING_CODES, FINDING_SEVERITIES, type Finding, type FindingNote } from '#domain/geometry/findings';
import type { CadFormat } from '#domain/geometry/mesh';
import type { MachiningMetrics, PartMetrics } from '#domain/geometry/part-metrics';
import { AXIS_DIRECTIONS } from '#domain/geometry/axis-directions';
import { LENGTH_UNITS, type LengthUnit } from '#domain/geometry/length-units';
import type { UnitSource } from '#domain/geometry/units';
import type { QuoteResult } from '#domain/pricing/quote-part';
import { PROCESS_SLUGS, PROJECT_MESSAGES } from '#domain/rules/project-rules';
import type { FinishSelection, PartConfiguration } from '#domain/rules/quote-configuration';
import { UNIT_CORRECTIONS } from '#domain/rules/unit-correction';
import { MAX_PART_NOTE, MAX_REVIEW_ATTACHMENTS } from '#domain/rules/document-rules';
import { MAX, asDomain, binaryFile, day, described, id, instant, named, pageOf, text, type Assert, type SameShape } from './fields.ts';
import { PageQuerySchema, type Page, type PageQuery } from './paging.ts';

export type { Page, PageQuery };

// ---------------------------------------------------------------------------------------------
// The engine's structures, described

const processSlug = () => z.enum(PROCESS_SLUGS);
const processId = () => z.union([z.literal(22), z.literal(23), z.literal(27)]);
const lengthUnit = () => z.enum(LENGTH_UNITS);
const unitSource = () => z.enum(['file', 'guess', 'user']);
const cadFormat = () => z.enum(['stl-binary', 'stl-ascii', 'step', 'obj', '3mf']);
const tier = () => z.enum(['economy', 'standard', 'express']);
const vec3 = () => z.tuple([z.number(), z.number(), z.number()]);

export type _EnumsMatch = [
  Assert<SameShape<z.infer<ReturnType<typeof processSlug>>, ProcessSlug>>,
  Assert<SameShape<z.infer<ReturnType<typeof processId>>, ProcessId>>,
  Assert<SameShape<z.infer<ReturnType<typeof lengthUnit>>, LengthUnit>>,
  Assert<SameShape<z.infer<ReturnType<typeof unitSource>>, UnitSource>>,
  Assert<SameShape<z.infer<ReturnType<typeof cadFormat>>, CadFormat>>,
  Assert<SameShape<z.infer<ReturnType<typeof tier>>, LeadTimeTier>>,
];

const findingShape = z.object({
  code: z.enum(FINDING_CODES),
  severity: z.enum(FINDING_SEVERITIES),
  message: z.string(),
  fixHint: z.string(),
  triangles: described(z.array(z.int()), 'Indices into the mesh the client imported itself (at most 200).'),
  count: z.int(),
});
export type _FindingMatches = Assert<SameShape<z.infer<typeof findingShape>, Finding>>;
export const FindingSchema = asDomain<Finding>(named('Finding', findingShape));

const findingNoteShape = z.object({
  code: z.enum(FINDING_CODES),
  severity: z.enum(FINDING_SEVERITIES),
  message: z.string(),
  fixHint: z.string(),
});
export type _FindingNoteMatches = Assert<SameShape<z.infer<typeof findingNoteShape>, FindingNote>>;
/** A finding in words (what a quote document and an order line keep of it). */
export const FindingNoteSchema = asDomain<FindingNote>(named('FindingNote', findingNoteShape));

const boundingBox = () => z.object({ min: vec3(), max: vec3() });
const axisDirection = () => z.enum(AXIS_DIRECTIONS);

const machiningShape = z.object({
  setups: described(z.array(axisDirection()), 'Set-ups on a 3-axis machine, main first (top, bottom, front, back, left, right).'),
  undercutAreaMm2: described(z.number(), 'Surface no cutter reaches straight from an axis direction, mm².'),
  undercutAtAngleAreaMm2: described(z.number(), 'Of that, what a 5-axis machine reaches at an angle, mm².'),
  fiveAxisSetups: z.int(),
  accessComplete: described(z.boolean(), 'False when a large mesh’s tool access was sampled by area.'),
  recesses: described(
    z.array(
      z.object({
        kind: z.enum(['pocket', 'slot']),
        direction: axisDirection(),
        depthMm: z.number(),
        widthMm: described(z.number(), 'The narrowest width across it.'),
        floorAreaMm2: z.number(),
        cornerRadiusMm: described(z.number().nullable(), 'Its smallest inside vertical corner radius; null when it has none.'),
        sharpCorners: z.int(),
      }),
    ),
    'Pockets (closed all round) and slots (open at an end), largest floor first, at most 40.',
  ),
  minCornerRadiusMm: z.number().nullable(),
  sharpCorners: described(z.int(), 'Inside corners sharper than the smallest end mill (Ø1 mm) cuts.'),
  drilledHoles: described(z.array(z.object({ diameterMm: z.number(), depthMm: z.number() })), 'The holes to drill, at most 500.'),
  surface3dAreaMm2: described(z.number(), 'Surface finished as a 3D surface with a ball end mill (neither square nor parallel to its set-up), mm².'),
});
export type _MachiningMatches = Assert<SameShape<z.infer<typeof machiningShape>, MachiningMetrics>>;

const partMetricsShape = z.object({
  units: z.object({ unit: lengthUnit(), source: unitSource(), confidence: z.number(), reason: z.string() }),
  triangleCount: z.int(),
  vertexCount: z.int(),
  bbox: boundingBox(),
  size: vec3(),
  volumeMm3: z.number(),
  areaMm2: z.number(),
  shellCount: z.int(),
  bodyCount: z.int(),
  cavityCount: z.int(),
  shells: z.array(
    z.object({
      firstTriangle: z.int(),
      triangleCount: z.int(),
      signedVolumeMm3: z.number(),
      bbox: boundingBox(),
      closed: z.boolean(),
      kind: z.enum(['body', 'cavity']),
    }),
  ),
  openEdgeCount: z.int(),
  nonManifoldEdgeCount: z.int(),
  misorientedEdgeCount: z.int(),
  degenerateTriangleCount: z.int(),
  watertight: z.boolean(),
  orientation: z.enum(['outward', 'inward']),
  fits: z.object({ '3d-printing': z.boolean(), cnc: z.boolean(), 'vacuum-casting': z.boolean() }),
  manufacturing: described(
    z.object({
      minWallMm: z.number().nullable(),
      wallCoverage: z.number(),
      chordToleranceMm: described(z.number(), 'The chord tolerance a STEP file was tessellated with, mm: walls are compared with a minimum less twice this, at most 5 % of it (ADR 277); absent for mesh files.').optional(),
      buildDirection: vec3(),
      overhangAreaMm2: z.number(),
      supportVolumeMm3: z.number(),
      buildHeightMm: z.number(),
      holeCount: z.int(),
      tappableHoles: z.int(),
      machining: described(machiningShape, 'Tool access, set-ups and features for machining (ADRs 176, 177); absent on files analysed before.').optional(),
    }),
    'Walls, supports (best printing orientation) and holes; absent for an open mesh.',
  ).optional(),
});
export type _PartMetricsMatches = Assert<SameShape<z.infer<typeof partMetricsShape>, PartMetrics>>;
export const PartMetricsSchema = asDomain<PartMetrics>(named('PartMetrics', partMetricsShape, 'The geometry analysis of domain/geometry (all lengths in mm, read in `units`).'));

const colourNames = () => z.array(text(MAX.name)).max(50);
const inserts = () =>
  z.array(z.object({ count: z.number(), insertLengthMm: z.number(), holeDepthMm: z.number() })).max(50);

/** The fields of a selection, by the shape of its finish's options (FinishFieldsByShape in the domain). */
const FIELDS_BY_SHAPE: Record<FinishShape, () => z.ZodRawShape> = {
  none: () => ({ note: text(500).optional() }),
  colour: () => ({ colour: text(MAX.name).optional() }),
  colours: () => ({ colours: colourNames() }),
  'styled-colours': () => ({ style: id(), colours: colourNames() }),
  holes: () => ({ holes: z.number() }),
  inserts: () => ({ inserts: inserts() }),
};

/**
 * The configuration reader's finishes, derived from the catalogue's finish records: one object per
 * finish, `kind` its name and the fields of its options' shape. A finish added to the catalogue
 * is accepted (and documented) without a line here.
 */
export function finishSelectionSchema(finishes: Readonly<Record<string, Finish>>) {
  const variants = Object.values(finishes).map((finish) => z.object({ kind: z.literal(finish.kind), ...FIELDS_BY_SHAPE[finish.options.shape]() }));
  return z.discriminatedUnion('kind', variants as [(typeof variants)[number], ...(typeof variants)[number][]]);
}

const finishShape = asDomain<FinishSelection>(finishSelectionSchema(FINISHES));

/**
 * What the customer chooses for one part. Only the shape is checked here; whether the choices are
 * valid (colour chosen, quantity allowed, colours within limits) is for the quote rules, which
 * answer in the quote's `validation`.
 */
const partConfigurationShape = z.object({
  process: processSlug(),
  materialId: id(),
  colourId: described(id().nullable().default(null), 'Id of one of the material’s colours; null until chosen.'),
  quantity: z.number(),
  tier: tier(),
  toleranceId: described(z.enum(['standard', 'fine', 'precision']), 'One of the material’s tolerances; the material’s first (standard) when absent.').optional(),
  hardnessShoreA: described(z.number(), 'Shore A hardness, for materials that offer a choice (rubber-like polyurethane).').optional(),
  finishes: z.array(finishShape).max(20),
});
export type _PartConfigurationMatches = Assert<SameShape<z.infer<typeof partConfigurationShape>, PartConfiguration>>;
export const PartConfigurationSchema = asDomain<PartConfiguration>(named('PartConfiguration', partConfigurationShape));

const certainty = () => z.enum(['final', 'may-change']);
const messagesByField = () => z.record(z.string(), z.array(z.string()));

const quoteResultShape = z.object({
  process: processSlug(),
  processId: processId().nullable(),
  currency: z.literal('USD'),
  price: z
    .object({
      currency: z.literal('USD'),
      quantity: z.int(),
      items: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          explanation: z.string(),
          unitCents: z.int(),
          totalCents: z.int(),
          certainty: certainty(),
          changeReason: z.string().optional(),
        }),
      ),
      unitPriceCents: z.int(),
      totalCents: z.int(),
      discountPercent: z.number(),
    })
    .nullable(),
  unitPriceCents: z.int().nullable(),
  totalCents: z.int().nullable(),
  priceBreaks: z.array(z.object({ quantity: z.int(), unitPriceCents: z.int(), totalCents: z.int(), discountPercent: z.number() })),
  leadTime: z
    .object({
      items: z.array(z.object({ id: z.string(), label: z.string(), workingDays: z.int(), explanation: z.string() })),
      totalWorkingDays: z.int(),
      orderedAt: described(z.string(), 'The order time in the factory’s time zone: ISO 8601 with its offset and zone (RFC 9557), e.g. 2026-11-23T06:35:30.8+08:00[Asia/Shanghai].'),
      afterCutOff: z.boolean(),
      productionStart: day(),
      shipDate: day(),
      timeZone: z.string(),
    })
    .nullable(),
  shipDate: day().nullable(),
  validation: z.object({ valid: z.boolean(), errors: messagesByField(), warnings: messagesByField() }),
  findings: z.array(findingShape),
  blocking: described(z.array(findingShape), 'What keeps the part from being made (the file’s errors and the material’s), each with its fix hint; when any, price, unit price and ship date are null.'),
  certainty: z.object({ final: z.boolean(), notes: z.array(z.string()) }),
  orderable: z.boolean(),
  needsReview: described(
    z.object({ reason: z.string() }).nullable(),
    'Why the part goes to an engineer for its price (an undercut no machine of the catalogue reaches, ADR 177); null when it is priced at once. It comes with a blocking `needs-review` finding. Absent on quotes stored before it.',
  ).optional(),
});
export type _QuoteResultMatches = Assert<SameShape<z.infer<typeof quoteResultShape>, QuoteResult>>;
export const QuoteResultSchema = asDomain<QuoteResult>(named('QuoteResult', quoteResultShape, 'quotePart’s answer (domain/pricing/quote-part.ts), run by the server.'));

const UNITS_MESSAGE = 'Please choose millimetres, inches, centimetres or metres.';
const ASSEMBLY_QUANTITY_MESSAGE = 'The number of assemblies must be a whole number, at least 1.';

// ---------------------------------------------------------------------------------------------
// Projects

/** `POST project`: name and manufacturing service (the project rules check both). */
export const ProjectInputSchema = named(
  'ProjectInput',
  z.object({
    name: text(MAX.line).default(''),
    process: described(
      z.enum(PROCESS_SLUGS, { error: () => PROJECT_MESSAGES.process }),
      'The manufacturing service: 3d-printing (22), cnc (23) or vacuum-casting (27).',
    ),
  }),
);
export type ProjectInput = z.infer<typeof ProjectInputSchema>;

/** `PATCH project/{id}`: rename, or change the service (part configurations of another service are cleared). */
export const ProjectPatchSchema = named('ProjectPatch', z.object({ name: text(MAX.line).optional(), process: ProjectInputSchema.shape.process.optional() }));
export type ProjectPatch = z.infer<typeof ProjectPatchSchema>;

export const ProjectSchema = named(
  'Project',
  z.object({
    id: z.string(),
    name: z.string(),
    process: processSlug(),
    processId: processId(),
    fileCount: described(z.int(), 'Files still kept (not removed after 3 months).'),
    createdAt: instant(),
    updatedAt: instant(),
  }),
);
export type Project = z.infer<typeof ProjectSchema>;

/** One project of the customer's list: the project, and its first part for the thumbnail and a first look. */
export const ProjectSummarySchema = named(
  'ProjectSummary',
  ProjectSchema.extend({
    firstFile: described(
      z.object({ id: z.string(), name: z.string() }).nullable(),
      'The first file still kept (oldest upload): its picture is `GET project/{id}/thumbnail`. Null when the project holds none.',
    ),
  }),
);
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

/** `GET project/list?page&pageSize&q`: most recently changed first; `q` finds projects whose name contains it (any case). */
export const ProjectListQuerySchema = PageQuerySchema.extend({
  q: described(text(MAX.line), 'Part of a project name, in any case.').optional(),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

export const ProjectListSchema = pageOf(ProjectSummarySchema);
export type ProjectList = Page<ProjectSummary>;

/** `DELETE project/{id}`: the project, its files (storage too) and their cart lines are gone. */
export const ProjectDeletedSchema = z.object({ deleted: z.literal(true), files: z.int() });
export type ProjectDeleted = z.infer<typeof ProjectDeletedSchema>;

// ---------------------------------------------------------------------------------------------
// Quote files

/** The parts a file of several bodies would split into, listed in the first 20. */
export const ASSEMBLY_PARTS_LISTED = 20;

/** How a file of several bodies splits into parts (ADR 131). */
export const AssemblySchema = named(
  'Assembly',
  z.object({
    bodyCount: described(z.int(), 'Bodies (solids) in the file.'),
    partCount: described(z.int(), 'Different parts among them: identical bodies, moved or turned, are one part.'),
    parts: described(
      z.array(z.object({ name: z.string(), count: described(z.int(), 'Identical bodies of this part in the file: its quantity per assembly.') })),
      `The parts in file order (the first ${ASSEMBLY_PARTS_LISTED}).`,
    ),
    offered: described(
      z.boolean(),
      'Whether the quote page offers the split: false once the customer chose to keep the file as one part (POST …/keep-whole).',
    ),
  }),
);
export type Assembly = z.infer<typeof AssemblySchema>;

/** A small, mesh-free summary of the analysis, for lists and the cart. */
export const QuoteFileSummarySchema = named(
  'QuoteFileSummary',
  z.object({
    triangleCount: z.int(),
    sizeMm: described(vec3(), 'x, y, z in mm (in the unit the metrics were read in).'),
    volumeMm3: z.number(),
    areaMm2: z.number(),
    watertight: z.boolean(),
    unit: lengthUnit(),
    unitSource: unitSource(),
    bodyCount: z.int(),
    bodies: described(z.array(z.object({ name: z.string(), triangleCount: z.int() })), 'Named bodies of an assembly or multi-solid file (the first 20).'),
    unitCorrection: described(z.enum(UNIT_CORRECTIONS), 'For a file that declares its units (STEP, 3MF): `none` as declared, `inch-to-mm` read 25.4 × smaller, `mm-to-inch` 25.4 × larger (PUT …/units).'),
    errors: z.int(),
    warnings: z.int(),
    assembly: described(
      AssemblySchema.nullable(),
      'How a file of several bodies splits into parts (identical bodies counted, ADR 072): null for one body, or more than 1,000 bodies (fragments, not an assembly). ADR 131.',
    ),
  }),
);
export type QuoteFileSummary = z.infer<typeof QuoteFileSummarySchema>;

export const QUOTE_FILE_STATUSES = ['kept', 'removed'] as const;

/** Where the server's analysis of a file stands (ADR 115): `analysing` only while a queued job runs. */
export const QUOTE_FILE_ANALYSIS_STATES = ['analysing', 'done', 'failed'] as const;
export type QuoteFileAnalysisState = (typeof QUOTE_FILE_ANALYSIS_STATES)[number];
/** Whether a large file's walls and holes are measured yet (ADR 145): `pending` only just after its upload. */
export const QUOTE_FILE_CHECKS_STATES = ['pending', 'done'] as const;
export type QuoteFileChecksState = (typeof QUOTE_FILE_CHECKS_STATES)[number];
export type QuoteFileStatus = (typeof QUOTE_FILE_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Manual review (issue 34 item 4, ADR 163)

export const QUOTE_REVIEW_STATUSES = ['pending', 'answered', 'refused'] as const;
export type QuoteReviewStatus = (typeof QUOTE_REVIEW_STATUSES)[number];

/** A document sent with a part (a review request's attachment, the part's drawing), downloadable by its owner. */
export const PartDocumentSchema = named(
  'PartDocument',
  z.object({
    id: z.string(),
    name: z.string(),
    contentType: described(z.string(), 'As judged by the content: application/pdf, image/vnd.dxf, image/vnd.dwg, image/png or image/jpeg.'),
    sizeBytes: z.int(),
    path: described(z.string(), 'Where its bytes are (microservice API, the owner’s token).'),
  }),
);
export type PartDocument = z.infer<typeof PartDocumentSchema>;

/** A part sent for review, and staff's answer. The file's latest review is the one that counts. */
export const QuoteReviewSchema = named(
  'QuoteReview',
  z.object({
    id: z.string(),
    fileId: z.string(),
    status: described(z.enum(QUOTE_REVIEW_STATUSES), '`pending` until staff answer with a price (`answered`) or a refusal (`refused`).'),
    note: z.string(),
    // The configuration sent: the reviewed price is for it (its quantity included). Not `described`, so it stays a $ref to PartConfiguration.
    configuration: PartConfigurationSchema,
    reasons: described(z.array(z.string()), 'Why the part could not be priced automatically when it was sent (none when the customer asked anyway, e.g. for a material not listed).'),
    attachments: z.array(PartDocumentSchema),
    requestedAt: instant(),
    answer: described(
      z
        .object({
          unitPriceCents: z.int(),
          totalCents: z.int(),
          leadTimeDays: described(z.int(), 'Working days of production, counted from the order as every part’s are.'),
          message: z.string().nullable(),
          answeredAt: instant(),
          expiresAt: described(instant(), 'Answered + 30 days: the reviewed price holds until then, like a quote document’s.'),
          expired: z.boolean(),
        })
        .nullable(),
      'Staff’s price, when `answered`.',
    ),
    refusal: z.object({ reason: z.string(), answeredAt: instant() }).nullable(),
  }),
);
export type QuoteReview = z.infer<typeof QuoteReviewSchema>;

/** The multipart body of `POST project/{id}/files/{fileId}/review`, for the OpenAPI document. */
export const ReviewRequestUploadSchema = z.object({
  note: described(z.string().max(MAX_PART_NOTE), 'What the part is for and what it needs (required).'),
  configuration: described(z.string().max(256 * 1024), 'Optional: the PartConfiguration as JSON; the part’s saved configuration when left out.').optional(),
  attachment: described(z.array(binaryFile()).max(MAX_REVIEW_ATTACHMENTS), `Up to ${MAX_REVIEW_ATTACHMENTS} files (PDF, DXF, DWG, PNG, JPEG), one part each.`).optional(),
});

/** `PUT project/{id}/files/{fileId}/drawing`: the multipart body (ADR 164). */
export const PartDrawingUploadSchema = z.object({
  drawing: described(binaryFile(), 'One file: PDF, DXF, DWG, PNG or JPEG, judged by its content.'),
});

/**
 * One uploaded file and the server's analysis of it. `metrics` and `findings` are what
 * `analyseCadFile` gives in the browser for the same bytes (the same domain code runs on the
 * server, in a worker pool); finding `triangles` index the mesh the browser imported itself.
 */
export const QuoteFileSchema = named(
  'QuoteFile',
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    sizeBytes: z.int(),
    sha256: described(z.string(), 'Hex SHA-256 of the bytes, so a client can tell it uploaded the same file.'),
    format: cadFormat(),
    metrics: described(PartMetricsSchema.nullable(), 'Null when nothing usable could be read (see the findings).'),
    findings: z.array(FindingSchema),
    summary: QuoteFileSummarySchema.nullable(),
    orderable: described(z.boolean(), 'No error among the findings: the file can be priced and ordered.'),
    configuration: described(PartConfigurationSchema.nullable(), 'The part’s saved configuration, once PUT …/configuration was called.'),
    quote: described(QuoteResultSchema.nullable(), 'The server’s quote of the saved configuration (the price that counts), as of `pricedAt`.'),
    pricedAt: instant().nullable(),
    uploadedAt: instant(),
    expiresAt: described(instant(), 'Uploaded + 3 months: the file is removed from storage after this.'),
    status: described(z.enum(QUOTE_FILE_STATUSES), '`removed` after the 3 months: the metrics stay, the bytes are gone; it can no longer be ordered.'),
    analysisMs: described(z.number(), 'Time the server spent importing and measuring the file, ms.'),
    analysis: described(
      z.enum(QUOTE_FILE_ANALYSIS_STATES),
      '`done` once metrics and findings are the server’s. With the job queue (JOB_QUEUE=postgres) an upload answers at once with `analysing` (metrics null, no findings); read the file again until it is `done`, or `failed` with `analysisError`.',
    ),
    analysisError: described(z.string().nullable(), 'Why the analysis failed, when `analysis` is `failed`.'),
    checks: described(
      z.enum(QUOTE_FILE_CHECKS_STATES),
      '`pending` when the upload of a large file answered before its walls were measured (ADR 145; holes and machining come with the price since ADR 177): the price and the blocking findings are final, `manufacturing.minWallMm` is null and the wall findings are still to come; read the file again until it is `done` (well under a second for a million triangles). `done` for every other file.',
    ),
    splitFrom: described(
      z.string().nullable(),
      'The id of the assembly file this part was split from (POST …/split; that file is gone), or null for an upload.',
    ),
    assembly: described(
      z
        .object({
          id: described(z.string(), 'The assembly: the id of the file it was split from (`splitFrom`).'),
          name: described(z.string(), 'The assembly file’s name.'),
          quantity: described(z.int(), 'How many assemblies are wanted (PUT project/{id}/assemblies/{assemblyId}).'),
          perAssembly: described(z.int(), 'How many of this part one assembly holds (its identical bodies).'),
        })
        .nullable(),
      'For a part split from an assembly since issue 34: its place in the bill of materials (ADR 162). Null for an upload, and for parts split before.',
    ),
    review: described(QuoteReviewSchema.nullable(), 'The part’s latest manual review (ADR 163), or null.'),
    note: described(z.string().nullable(), 'The part’s note for the factory (PUT …/note, ADR 164): it travels to the cart line and becomes the order product’s comment.'),
    drawing: described(PartDocumentSchema.nullable(), 'The part’s technical drawing (PUT …/drawing, ADR 164), or null; its owner downloads it from `path`.'),
  }),
);
export type QuoteFile = z.infer<typeof QuoteFileSchema>;

/** `PUT project/{id}/files/{fileId}/note`: the part's note; empty clears it (ADR 164). */
export const PartNoteInputSchema = named(
  'PartNoteInput',
  z.object({ note: described(text(MAX_PART_NOTE), `Up to ${MAX_PART_NOTE} characters; an empty note clears it.`) }),
);
export type PartNoteInput = z.infer<typeof PartNoteInputSchema>;

/** `PUT project/{id}/assemblies/{assemblyId}`: how many assemblies; each part's quantity follows (ADR 162). */
export const AssemblyQuantityInputSchema = named(
  'AssemblyQuantityInput',
  z.object({ quantity: described(z.int({ error: () => ASSEMBLY_QUANTITY_MESSAGE }).min(1, { error: () => ASSEMBLY_QUANTITY_MESSAGE }), 'Whole assemblies, at least 1.') }),
);
export type AssemblyQuantityInput = z.infer<typeof AssemblyQuantityInputSchema>;

/** The answer of `PUT project/{id}/assemblies/{assemblyId}`: the assembly and its parts, each with its new quantity, priced. */
export const AssemblyQuantitySchema = named(
  'AssemblyQuantity',
  z.object({
    assembly: z.object({ id: z.string(), name: z.string(), quantity: z.int() }),
    list: described(z.array(QuoteFileSchema), 'The assembly’s parts still in the project, oldest first, each configured with its per-assembly count times the quantity and priced.'),
  }),
);
export type AssemblyQuantity = z.infer<typeof AssemblyQuantitySchema>;

/**
 * `POST project/{id}/files`: `multipart/form-data` with one part named `file` (the name of the
 * file comes from its filename). Answers 201 with the `QuoteFile`.
 * - 413: larger than the size limit (nothing is stored);
 * - 422: not a supported type judging by its content, empty, another file part, or the project
 *   already holds the most files allowed.
 */
export type UploadResponse = QuoteFile;

/** The multipart body of an upload, for the OpenAPI document. */
export const FileUploadSchema = z.object({ file: binaryFile() });

/** `GET project/{id}/files`: every file of the project, oldest first (at most the per-project limit). */
export const QuoteFileListSchema = z.object({ list: z.array(QuoteFileSchema), total: z.int() });
export type QuoteFileList = z.infer<typeof QuoteFileListSchema>;

/**
 * `POST project/{id}/files/{fileId}/split`: the file of several bodies is replaced in the project
 * by one file per part (ADR 131); answers the new files, in the order of the parts.
 */
export const FileSplitSchema = named(
  'FileSplit',
  z.object({
    from: described(z.string(), 'The id of the file that was split (now gone).'),
    list: z.array(QuoteFileSchema),
    total: z.int(),
  }),
);
export type FileSplit = z.infer<typeof FileSplitSchema>;

/**
 * `PUT project/{id}/files/{fileId}/units`: confirm the units of an STL/OBJ file (`unit`), or
 * correct the declared units of a STEP/3MF file whose size says they are wrong (`correction`).
 * The metrics are read again either way, the findings checked again and a saved configuration priced again.
 */
export const UnitsInputSchema = named(
  'UnitsInput',
  z.union(
    [
      z.object({ unit: z.enum(LENGTH_UNITS, { error: () => UNITS_MESSAGE }) }),
      z.object({ correction: z.enum(UNIT_CORRECTIONS, { error: () => UNITS_MESSAGE }) }),
    ],
    { error: () => UNITS_MESSAGE },
  ),
);
export type UnitsInput = z.infer<typeof UnitsInputSchema>;

/** `GET project/upload-history?page&pageSize`: the caller's uploads of the last 3 months, newest first. */
export const UploadHistoryItemSchema = named(
  'UploadHistoryItem',
  z.object({
    id: z.string(),
    name: z.string(),
    projectId: z.string(),
    projectName: z.string(),
    process: processSlug(),
    sizeBytes: z.int(),
    format: cadFormat(),
    orderable: z.boolean(),
    uploadedAt: instant(),
    expiresAt: instant(),
    status: z.enum(QUOTE_FILE_STATUSES),
  }),
);
export type UploadHistoryItem = z.infer<typeof UploadHistoryItemSchema>;

export const UploadHistorySchema = pageOf(UploadHistoryItemSchema);
export type UploadHistory = Page<UploadHistoryItem>;

export const FileDeletedSchema = z.object({ deleted: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Configuration and the price that counts

/**
 * `PUT project/{id}/files/{fileId}/configuration` with a `PartConfiguration` (its `process` must
 * be the project's) answers the server's quote; `GET project/{id}/files/{fileId}/quote` reads it.
 * An incomplete configuration is stored and answered with `result.validation` saying what is
 * missing (200); only a body that is not a configuration is a 422.
 */
export const PartQuoteSchema = named(
  'PartQuote',
  z.object({
    fileId: z.string(),
    configuration: PartConfigurationSchema,
    result: QuoteResultSchema,
    pricedAt: described(instant(), 'The order time the price and ship date were computed for.'),
  }),
);
export type PartQuote = z.infer<typeof PartQuoteSchema>;

// ---------------------------------------------------------------------------------------------
// Cart

/** `POST cart/items`: each file with its configuration (the file's saved one when left out). */
export const CartItemsInputSchema = named(
  'CartItemsInput',
  z.object({ items: z.array(z.object({ fileId: id(), configuration: PartConfigurationSchema.optional() })).min(1).max(MAX.list) }),
);
export type CartItemsInput = z.infer<typeof CartItemsInputSchema>;

export const CART_LINE_PROBLEMS = ['file-removed', 'not-orderable', 'review-expired'] as const;
export type CartLineProblem = (typeof CART_LINE_PROBLEMS)[number];

export const CartLineSchema = named(
  'CartLine',
  z.object({
    id: z.string(),
    fileId: z.string(),
    fileName: z.string(),
    projectId: z.string(),
    projectName: z.string(),
    configuration: PartConfigurationSchema,
    quantity: z.int(),
    unitPriceCents: z.int(),
    totalCents: z.int(),
    currency: z.literal('USD'),
    leadTimeDays: described(z.int(), 'Working days.'),
    shipDate: described(day(), 'The day the parts leave the factory.'),
    pricedAt: described(instant(), 'When the line was last priced; a line older than a day is priced again when the cart is read.'),
    problem: described(z.enum(CART_LINE_PROBLEMS).nullable(), 'Null when the line can be ordered as it is.'),
    problemMessage: described(z.string().nullable(), 'What to do about the problem, for the customer.'),
    summary: QuoteFileSummarySchema.nullable(),
    reviewed: described(
      z.object({ reviewId: z.string(), expiresAt: instant() }).nullable(),
      'Priced by a manual review (ADR 163), held until `expiresAt`; null for a catalogue price.',
    ),
    note: described(z.string().nullable(), 'The part’s note (ADR 164): the order product’s comment unless checkout gives the line another.'),
    drawing: described(PartDocumentSchema.nullable(), 'The part’s drawing (ADR 164), carried to the order product.'),
  }),
);
export type CartLine = z.infer<typeof CartLineSchema>;

/** `GET cart`, and the answer of `POST cart/items` and `DELETE cart/items/{id}`. */
export const CartSchema = named(
  'Cart',
  z.object({
    lines: z.array(CartLineSchema),
    totalCents: described(z.int(), 'Sum of the orderable lines.'),
    currency: z.literal('USD'),
    exwNote: described(z.string(), 'EXW (Incoterms 2020): shipping, duties and taxes are not included.'),
  }),
);
export type Cart = z.infer<typeof CartSchema>;

// ---------------------------------------------------------------------------------------------
// Quote documents

/** `POST project/{id}/quote-document`: the files to include (all priced, orderable parts when left out). */
export const QuoteDocumentInputSchema = named('QuoteDocumentInput', z.object({ fileIds: z.array(id()).max(MAX.list).optional() }));
export type QuoteDocumentInput = z.infer<typeof QuoteDocumentInputSchema>;

export const QuoteDocumentLineSchema = z.object({
  fileName: z.string(),
  process: processSlug(),
  processName: z.string(),
  materialName: z.string(),
  colourName: z.string().nullable(),
  options: described(z.array(z.string()), 'Human-readable options: tolerance, finishes, tier.'),
  quantity: z.int(),
  unitPriceCents: z.int(),
  totalCents: z.int(),
  leadTimeDays: z.int(),
  shipDate: day(),
  sizeMm: vec3().nullable(),
  findings: described(z.array(findingNoteShape), 'What the analysis found that concerns this part, each with what to do, as the customer saw it.'),
  drawingName: described(z.string().nullable(), "The name of the technical drawing attached to this part (issue 34 item 5); the drawing itself stays with the project's owner."),
  note: described(z.string().nullable(), "The customer's note on this part for the factory."),
});
export type QuoteDocumentLine = z.infer<typeof QuoteDocumentLineSchema>;

const quoteDocumentFields = {
  number: z.string(),
  projectName: z.string(),
  lines: z.array(QuoteDocumentLineSchema),
  totalCents: z.int(),
  currency: z.literal('USD'),
  createdAt: instant(),
  expiresAt: described(instant(), 'Created + 30 days: the prices hold until then.'),
  exwNote: z.string(),
};

/**
 * `GET quote-document/{token}` (public, read-only): prices held until `expiresAt`;
 * `GET quote-document/{token}.pdf` is the same document as a PDF. After `expiresAt` both answer 410.
 */
export const QuoteDocumentSchema = named('QuoteDocument', z.object(quoteDocumentFields));
export type QuoteDocument = z.infer<typeof QuoteDocumentSchema>;

/** The answer of `POST project/{id}/quote-document`: the share link is shown only this once. */
export const QuoteDocumentCreatedSchema = named(
  'QuoteDocumentCreated',
  z.object({
    ...quoteDocumentFields,
    token: z.string(),
    url: described(z.string(), 'Absolute link to the JSON document.'),
    pdfUrl: described(z.string(), 'Absolute link to the PDF.'),
    pageUrl: described(z.string(), 'Absolute link to the read-only quote page people open (`/manufacture/quote/shared/{token}`).'),
  }),
);
export type QuoteDocumentCreated = z.infer<typeof QuoteDocumentCreatedSchema>;

/** `POST quote-document/{token}/order`: the quote's parts are in the caller's cart; `projectId` holds them. */
export const QuoteDocumentOrderedSchema = named(
  'QuoteDocumentOrdered',
  z.object({
    projectId: described(z.string(), 'The caller’s project with the quoted parts: the sender’s own, or a copy made for the caller.'),
    cart: CartSchema,
  }),
);
export type QuoteDocumentOrdered = z.infer<typeof QuoteDocumentOrderedSchema>;

// ---------------------------------------------------------------------------------------------
// Manual review, staff's side (operator calls, ADMIN_TOKEN; issue 34 item 4)

/** `POST /admin/quote-reviews/{id}/answer`: a price (USD, per part) with a lead time, or a refusal with its reason. */
export const QuoteReviewAnswerInputSchema = named(
  'QuoteReviewAnswerInput',
  z.discriminatedUnion('decision', [
    z.object({
      decision: z.literal('price'),
      unitPrice: described(text(20), 'US dollars per part, e.g. 48.50.'),
      leadTimeDays: described(z.int().min(1).max(365), 'Working days of production.'),
      message: text(MAX_PART_NOTE).optional(),
    }),
    z.object({ decision: z.literal('refuse'), reason: text(MAX_PART_NOTE).min(1, { error: () => 'Say why the part is refused.' }) }),
  ]),
);
export type QuoteReviewAnswerInput = z.infer<typeof QuoteReviewAnswerInputSchema>;

/** A review as staff see it: the part, its project and its customer. */
export const StaffQuoteReviewSchema = named(
  'StaffQuoteReview',
  QuoteReviewSchema.extend({
    projectId: z.string(),
    projectName: z.string(),
    fileName: z.string(),
    customerEmail: z.string(),
    attachments: z.array(PartDocumentSchema.extend({ path: described(z.string(), 'Where staff download it (main API, ADMIN_TOKEN).') })),
  }),
);
export type StaffQuoteReview = z.infer<typeof StaffQuoteReviewSchema>;

export const StaffQuoteReviewListSchema = z.object({ list: z.array(StaffQuoteReviewSchema), total: z.int() });
export const StaffQuoteReviewQuerySchema = z.object({ status: z.enum(QUOTE_REVIEW_STATUSES).optional() });
