import { s } from './json-schema.ts';

/**
 * JSON Schemas of the quote contract (`domain/api/quote.ts`) for the microservice API's OpenAPI
 * document (ADR 024). The engine's own structures (PartMetrics, Finding, QuoteResult,
 * PartConfiguration) are described by their main fields; their TypeScript types are the contract.
 */
const str = s.string();
const time = s.string({ format: 'date-time' });
const day = s.string({ format: 'date' });
const process = s.enum(['3d-printing', 'cnc', 'vacuum-casting']);
const size = s.array(s.number(), { minItems: 3, maxItems: 3 });
const open = { additionalProperties: true };

const Finding = s.object({
  code: str,
  severity: s.enum(['error', 'warning', 'info']),
  message: str,
  fixHint: str,
  triangles: s.array(s.integer(), { description: 'Indices into the mesh the client imported itself (at most 200)' }),
  count: s.integer(),
});

const PartMetrics = s.object(
  {
    units: s.object({ unit: s.enum(['mm', 'inch']), source: s.enum(['file', 'guess', 'user']), confidence: s.number(), reason: str }),
    triangleCount: s.integer(),
    size,
    volumeMm3: s.number(),
    areaMm2: s.number(),
    shellCount: s.integer(),
    bodyCount: s.integer(),
    watertight: s.boolean(),
  },
  { ...open, description: 'PartMetrics of domain/geometry/metrics.ts (bbox, shells, edge census, fits per process, ...)' },
);

const FinishSelection = s.object({ kind: s.enum(['painting', 'dyeing', 'silkscreen', 'special-treatment', 'spray-paint', 'tapping', 'brass-insert', 'helicoil']) }, {
  ...open,
  description: 'FinishSelection of domain/rules/quote-configuration.ts: colours, style, holes or inserts by kind',
});

const PartConfiguration = s.object({
  process,
  materialId: str,
  colourId: s.nullable(str),
  quantity: s.integer({ minimum: 1 }),
  tier: s.enum(['economy', 'standard', 'express']),
  'toleranceId?': s.enum(['standard', 'fine', 'precision']),
  'hardnessShoreA?': s.number(),
  finishes: s.array(FinishSelection),
});

const QuoteResult = s.object(
  {
    process,
    processId: s.nullable(s.enum([22, 23, 27])),
    currency: s.string({ const: 'USD' }),
    price: s.nullable(s.object({ quantity: s.integer(), unitPriceCents: s.integer(), totalCents: s.integer(), items: s.array(s.object({}, open)) }, open)),
    unitPriceCents: s.nullable(s.integer()),
    totalCents: s.nullable(s.integer()),
    priceBreaks: s.array(s.object({ quantity: s.integer(), unitPriceCents: s.integer(), totalCents: s.integer(), discountPercent: s.number() })),
    leadTime: s.nullable(s.object({ totalWorkingDays: s.integer(), shipDate: day, items: s.array(s.object({}, open)) }, open)),
    shipDate: s.nullable(day),
    validation: s.object({ valid: s.boolean(), errors: s.object({}, { additionalProperties: s.array(str) }), warnings: s.object({}, { additionalProperties: s.array(str) }) }),
    findings: s.array(Finding),
    certainty: s.object({ final: s.boolean(), notes: s.array(str) }),
    orderable: s.boolean(),
  },
  { description: 'QuoteResult of domain/pricing/quote-part.ts' },
);

const Summary = s.object({
  triangleCount: s.integer(),
  sizeMm: size,
  volumeMm3: s.number(),
  areaMm2: s.number(),
  watertight: s.boolean(),
  unit: s.enum(['mm', 'inch']),
  unitSource: s.enum(['file', 'guess', 'user']),
  bodyCount: s.integer(),
  bodies: s.array(s.object({ name: str, triangleCount: s.integer() })),
  errors: s.integer(),
  warnings: s.integer(),
});

const format = s.enum(['stl-binary', 'stl-ascii', 'step', 'obj', '3mf']);
const status = s.enum(['kept', 'removed']);

const DocumentLine = s.object({
  fileName: str,
  process,
  processName: str,
  materialName: str,
  colourName: s.nullable(str),
  options: s.array(str),
  quantity: s.integer(),
  unitPriceCents: s.integer(),
  totalCents: s.integer(),
  leadTimeDays: s.integer(),
  shipDate: day,
  sizeMm: s.nullable(size),
});

const documentFields = {
  number: str,
  projectName: str,
  lines: s.array(DocumentLine),
  totalCents: s.integer(),
  currency: s.string({ const: 'USD' }),
  createdAt: time,
  expiresAt: time,
  exwNote: str,
};

export const quoteSchemas = {
  ProjectInput: s.object({ name: s.string({ minLength: 1, maxLength: 100 }), process }),
  ProjectPatch: s.object({ 'name?': s.string({ minLength: 1, maxLength: 100 }), 'process?': process }),
  Project: s.object({ id: str, name: str, process, processId: s.enum([22, 23, 27]), fileCount: s.integer(), createdAt: time, updatedAt: time }),
  QuoteFile: s.object({
    id: str,
    projectId: str,
    name: str,
    sizeBytes: s.integer(),
    sha256: str,
    format,
    metrics: s.nullable(PartMetrics),
    findings: s.array(Finding),
    summary: s.nullable(Summary),
    orderable: s.boolean(),
    configuration: s.nullable(PartConfiguration),
    uploadedAt: time,
    expiresAt: time,
    status,
    analysisMs: s.integer(),
  }),
  UploadHistoryItem: s.object({
    id: str,
    name: str,
    projectId: str,
    projectName: str,
    process,
    sizeBytes: s.integer(),
    format,
    orderable: s.boolean(),
    uploadedAt: time,
    expiresAt: time,
    status,
  }),
  PartConfiguration,
  PartQuote: s.object({ fileId: str, configuration: PartConfiguration, result: QuoteResult, pricedAt: time }),
  CartItemsInput: s.object({ items: s.array(s.object({ fileId: str, 'configuration?': PartConfiguration }), { minItems: 1, maxItems: 100 }) }),
  Cart: s.object({
    lines: s.array(
      s.object({
        id: str,
        fileId: str,
        fileName: str,
        projectId: str,
        projectName: str,
        configuration: PartConfiguration,
        quantity: s.integer(),
        unitPriceCents: s.integer(),
        totalCents: s.integer(),
        currency: s.string({ const: 'USD' }),
        leadTimeDays: s.integer(),
        shipDate: day,
        pricedAt: time,
        problem: s.nullable(s.enum(['file-removed', 'not-orderable'])),
        problemMessage: s.nullable(str),
        summary: s.nullable(Summary),
      }),
    ),
    totalCents: s.integer(),
    currency: s.string({ const: 'USD' }),
    exwNote: str,
  }),
  QuoteDocumentInput: s.object({ 'fileIds?': s.array(str, { maxItems: 100 }) }),
  QuoteDocument: s.object(documentFields),
  QuoteDocumentCreated: s.object({ ...documentFields, token: str, url: s.string({ format: 'uri' }), pdfUrl: s.string({ format: 'uri' }) }),
};
