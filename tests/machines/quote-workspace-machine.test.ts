import { describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import type { AssemblyQuantity, Cart, CartItemsInput, Project, QuoteFile, QuoteReview } from '#domain/api/quote';
import type { ProcessSlug } from '#domain/catalogue/types';
import type { QuoteResult } from '#domain/pricing/quote-part';
import { configurationForProcess, defaultConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import { quoteConfiguratorMachine, selectQuote, serverAgrees } from '#machines/quote-configurator-machine';
import { SignInRequiredError, needsPreview, quoteWorkspaceMachine } from '#machines/quote-workspace-machine';
import { uploadMachine, type FileAnalysis } from '#machines/upload-machine';
import { boxMetrics, cubeMetrics, storedQuoteFile } from '../../stories/support/quote-fixtures.ts';

const NOW = Date.UTC(2026, 10, 23, 1, 0, 0);

const metrics = cubeMetrics;

const project = (process: ProcessSlug = '3d-printing', id = 'project-1'): Project => ({
  id,
  name: 'bracket',
  process,
  processId: process === 'cnc' ? 23 : process === 'vacuum-casting' ? 27 : 22,
  fileCount: 1,
  createdAt: '2026-11-23T01:00:00.000Z',
  updatedAt: '2026-11-23T01:00:00.000Z',
});

const priced = (configuration: PartConfiguration, side = 20): QuoteResult => selectQuote({ metrics: metrics(side), configuration, orderedAt: NOW, geometryFindings: [] });

const serverFile = (id: string, configuration: PartConfiguration | null = null, side = 20): QuoteFile =>
  storedQuoteFile({
    id,
    name: `${id}.stl`,
    metrics: metrics(side),
    configuration,
    quote: configuration ? priced(configuration, side) : null,
    pricedAt: configuration ? '2026-11-23T01:00:00.000Z' : null,
  });

function harness(
  options: {
    openFiles?: QuoteFile[];
    openProcess?: ProcessSlug;
    checkFile?: (file: File) => Promise<void>;
    openProject?: () => Promise<{ project: Project; files: QuoteFile[] }>;
  } = {},
) {
  const follows = new Map<string, { input: { projectId: string; partId: string; file: QuoteFile }; sendBack: (event: AnyEventObject) => void; stopped: boolean }>();
  const imports = new Map<string, (event: AnyEventObject) => void>();
  const uploads = new Map<string, (event: AnyEventObject) => void>();
  const saves: { configuration: PartConfiguration; target: { projectId: string; fileId: string } }[] = [];
  const createProject = vi.fn(async ({ input }: { input: { name: string; process: ProcessSlug } }) => ({ ...project(input.process), name: input.name }));
  const changeProcess = vi.fn(async ({ input }: { input: { projectId: string; process: ProcessSlug } }) => ({
    project: project(input.process),
    files: [serverFile('file-a', configurationForProcess(null, input.process))],
  }));
  const previews: string[] = [];
  const carts: CartItemsInput[] = [];
  let cartFails: string | null = null;
  const assemblyCalls: { projectId: string; assemblyId: string; quantity: number }[] = [];
  const reviewCalls: { projectId: string; fileId: string; note: string; configuration: PartConfiguration; files: readonly File[] }[] = [];
  const machine = quoteWorkspaceMachine.provide({
    actors: {
      requestReview: fromPromise(async ({ input }: { input: (typeof reviewCalls)[number] }): Promise<QuoteReview> => {
        reviewCalls.push(input);
        if (input.note === 'fail') throw new Error('"x" is already in review: our engineers answer by email.');
        return {
          id: 'review-1',
          fileId: input.fileId,
          status: 'pending',
          note: input.note,
          configuration: input.configuration,
          reasons: [],
          attachments: [],
          requestedAt: '2026-11-23T01:00:00.000Z',
          answer: null,
          refusal: null,
        };
      }),
      setAssemblyQuantity: fromPromise(async ({ input }: { input: { projectId: string; assemblyId: string; quantity: number } }): Promise<AssemblyQuantity> => {
        assemblyCalls.push(input);
        if (input.quantity > 1000) throw new Error('That many assemblies would make more than 100,000 of a part.');
        const list = (options.openFiles ?? [])
          .filter((f) => f.assembly?.id === input.assemblyId)
          .map((f) => {
            const configuration = { ...f.configuration!, quantity: f.assembly!.perAssembly * input.quantity };
            return { ...f, configuration, quote: priced(configuration), assembly: { ...f.assembly!, quantity: input.quantity } };
          });
        return { assembly: { id: input.assemblyId, name: 'frame.step', quantity: input.quantity }, list };
      }),
      addToCart: fromPromise(async ({ input }: { input: CartItemsInput }): Promise<Cart> => {
        carts.push(input);
        if (cartFails) throw new Error(cartFails);
        return { lines: [], totalCents: 0, currency: 'USD', exwNote: '' };
      }),
      upload: uploadMachine.provide({
        actors: {
          checkFile: fromPromise(async ({ input }) => options.checkFile?.(input.file)),
          importGeometry: fromCallback(({ sendBack, input }) => void imports.set(input.file.name, sendBack)),
          uploadFile: fromCallback(({ sendBack, input }) => void uploads.set(input.file.name, sendBack)),
        },
      }),
      configurator: quoteConfiguratorMachine.provide({
        actors: {
          saveConfiguration: fromPromise(async ({ input }) => {
            saves.push(input);
            return priced(input.configuration);
          }),
        },
      }),
      createProject: fromPromise(createProject),
      openProject: fromPromise(async () =>
        options.openProject
          ? options.openProject()
          : { project: project(options.openProcess ?? 'cnc'), files: options.openFiles ?? [serverFile('file-a', defaultConfiguration('cnc')), serverFile('file-b')] },
      ),
      followAnalysis: fromCallback(({ sendBack, input }) => {
        const follow = { input, sendBack, stopped: false };
        follows.set(input.partId, follow);
        return () => void (follow.stopped = true);
      }),
      changeProcess: fromPromise(changeProcess),
      loadPreview: fromCallback(({ sendBack, input }) => {
        previews.push(input.file.id);
        sendBack({ type: 'preview.loaded', id: input.file.id, analysis: { metrics: metrics(20), findings: [], mesh: null, orderable: true } });
      }),
    },
  });
  const actor = createActor(machine, { input: { process: '3d-printing', now: () => NOW } }).start();
  return { actor, imports, uploads, saves, createProject, changeProcess, previews, follows, carts, assemblyCalls, reviewCalls, failCart: (message: string | null) => void (cartFails = message) };
}

const analysis: FileAnalysis = { metrics: metrics(20), findings: [], mesh: null, orderable: true };

/** bracket.stl dropped and imported by the browser, its upload still running. */
async function droppedAndImported() {
  const h = harness();
  h.actor.send({ type: 'files.added', files: [new File(['x'], 'bracket.stl')] });
  await waitFor(h.actor, (s) => s.matches('ready'));
  await vi.waitFor(() => expect(h.imports.size + h.uploads.size).toBe(2));
  h.imports.get('bracket.stl')!({ type: 'import.done', analysis });
  return { ...h, part: () => h.actor.getSnapshot().context.parts[0]! };
}

describe('the quote workspace', () => {
  test('a drop: parts with their uploads, a project named after the first file, a configurator priced from the browser, then the server’s file', async () => {
    const { actor, imports, uploads, saves, createProject } = harness();
    actor.send({ type: 'process.chosen', process: 'cnc' });
    actor.send({ type: 'files.added', files: [new File(['x'], 'bracket.stl'), new File(['y'], 'lid.stl')] });
    const parts = () => actor.getSnapshot().context.parts;
    expect(parts().map((p) => p.fileName)).toEqual(['bracket.stl', 'lid.stl']);
    expect(actor.getSnapshot().context.selectedId).toBe(parts()[0]!.id);
    expect(actor.getSnapshot().context.focusPartId).toBe(parts()[0]!.id);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(createProject).toHaveBeenCalledWith(expect.objectContaining({ input: { name: 'bracket', process: 'cnc' } }));
    await vi.waitFor(() => expect(uploads.size).toBe(2));

    // The browser's import comes first: the configurator opens, priced for the project's service.
    await vi.waitFor(() => expect(imports.has('bracket.stl')).toBe(true));
    imports.get('bracket.stl')!({ type: 'import.done', analysis });
    const configurator = parts()[0]!.configurator!;
    expect(configurator.getSnapshot().context.configuration.process).toBe('cnc');
    expect(selectQuote(configurator.getSnapshot().context).totalCents).toBeGreaterThan(0);
    expect(saves).toEqual([]);

    // The server's file arrives: the configurator saves there at once, and the end is announced.
    uploads.get('bracket.stl')!({ type: 'upload.done', uploaded: serverFile('file-a') });
    expect(parts()[0]!.serverFile?.id).toBe('file-a');
    expect(actor.getSnapshot().context.announcement).toMatchObject({ kind: 'uploaded', name: 'bracket.stl' });
    await vi.waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.target).toEqual({ projectId: 'project-1', fileId: 'file-a' });
    await vi.waitFor(() => expect(serverAgrees(configurator.getSnapshot().context)).toBe(true));

    // The server's file can come first too: the configurator starts from the server's analysis.
    uploads.get('lid.stl')!({ type: 'upload.done', uploaded: serverFile('file-b') });
    expect(parts()[1]!.configurator?.getSnapshot().context.target).toEqual({ projectId: 'project-1', fileId: 'file-b' });
  });

  test('changing the service: the project is changed on the server, every configurator takes the server’s configuration', async () => {
    const { actor, imports, uploads, changeProcess } = harness();
    actor.send({ type: 'files.added', files: [new File(['x'], 'bracket.stl')] });
    await waitFor(actor, (s) => s.matches('ready'));
    await vi.waitFor(() => expect(imports.size).toBe(1));
    imports.get('bracket.stl')!({ type: 'import.done', analysis });
    await vi.waitFor(() => expect(uploads.size).toBe(1));
    uploads.get('bracket.stl')!({ type: 'upload.done', uploaded: serverFile('file-a', defaultConfiguration('3d-printing')) });

    actor.send({ type: 'process.chosen', process: 'vacuum-casting' });
    expect(actor.getSnapshot().matches({ ready: 'changingProcess' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(changeProcess).toHaveBeenCalledWith(expect.objectContaining({ input: { projectId: 'project-1', process: 'vacuum-casting' } }));
    const { context } = actor.getSnapshot();
    expect(context.process).toBe('vacuum-casting');
    expect(context.project?.process).toBe('vacuum-casting');
    const configurator = context.parts[0]!.configurator!.getSnapshot().context;
    expect(configurator.configuration.process).toBe('vacuum-casting');
    expect(serverAgrees(configurator)).toBe(true);
    expect(context.announcement).toMatchObject({ kind: 'process-changed', name: 'vacuum-casting' });
    // The same service again changes nothing.
    actor.send({ type: 'process.chosen', process: 'vacuum-casting' });
    expect(changeProcess).toHaveBeenCalledOnce();
  });

  test('a reopened project: its parts with their saved configurations and the server’s price; the preview read again when a part is looked at, once the visitor used the page (ADR 263)', async () => {
    const { actor, previews } = harness();
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    const { context } = actor.getSnapshot();
    expect(context.process).toBe('cnc');
    expect(context.parts.map((p) => p.id)).toEqual(['file-a', 'file-b']);
    const saved = context.parts[0]!.configurator!.getSnapshot();
    expect(saved.context.configuration.process).toBe('cnc');
    expect(serverAgrees(saved.context)).toBe(true);
    // Nothing read before the visitor's first input: the page is drawn and priced without it.
    expect(previews).toEqual([]);
    expect(context.parts[0]!.preview).toBe('none');
    expect(needsPreview(context.parts[0]!)).toBe(true);
    actor.send({ type: 'previews.wanted' });
    expect(previews).toEqual(['file-a']);
    expect(actor.getSnapshot().context.parts[0]!.preview).toBe('ready');
    // Said twice, nothing is read again.
    actor.send({ type: 'previews.wanted' });
    expect(previews).toEqual(['file-a']);
    actor.send({ type: 'part.selected', id: 'file-b' });
    expect(previews).toEqual(['file-a', 'file-b']);
    // Selecting it again reads nothing again.
    actor.send({ type: 'part.selected', id: 'file-a' });
    expect(previews).toEqual(['file-a', 'file-b']);
  });

  test('a part chosen from the parts table is selected and its configurator heading takes the focus; chosen otherwise, the focus stays', async () => {
    const { actor } = harness();
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'part.selected', id: 'file-b' });
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'file-b', focusPartId: null });
    actor.send({ type: 'part.selected', id: 'file-a', focus: true });
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'file-a', focusPartId: 'file-a' });
    actor.send({ type: 'focus.done' });
    expect(actor.getSnapshot().context.focusPartId).toBeNull();
  });

  test('files dropped while a project opens join that project', async () => {
    const { actor, uploads } = harness();
    actor.send({ type: 'project.open', projectId: 'project-1' });
    actor.send({ type: 'files.added', files: [new File(['x'], 'late.stl')] });
    await waitFor(actor, (s) => s.matches('ready'));
    const { context } = actor.getSnapshot();
    expect(context.parts.map((p) => p.fileName)).toEqual(['file-a.stl', 'file-b.stl', 'late.stl']);
    expect(context.selectedId).toBe(context.parts[2]!.id);
    await vi.waitFor(() => expect(uploads.has('late.stl')).toBe(true));
  });

  test('a file refused by its checks (a .txt) creates no project; the first file that passes names it', async () => {
    const refused = 'notes.txt is not a supported 3D file: upload STL, STEP, OBJ or 3MF.';
    const { actor, createProject } = harness({ checkFile: async (file) => (file.name.endsWith('.txt') ? Promise.reject(new Error(refused)) : undefined) });
    actor.send({ type: 'files.added', files: [new File(['hello'], 'notes.txt')] });
    await waitFor(actor, (s) => s.context.parts[0]?.upload?.getSnapshot().matches('failed') ?? false);
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(createProject).not.toHaveBeenCalled();

    actor.send({ type: 'files.added', files: [new File(['x'], 'bracket.stl')] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(createProject).toHaveBeenCalledOnce();
    expect(createProject.mock.calls[0]![0].input.name).toBe('bracket');
  });

  test('a project link refused for a signed-out visitor asks for a sign-in, and opens once asked again', async () => {
    let signedIn = false;
    const { actor } = harness({
      openProject: async () => {
        if (!signedIn) throw new SignInRequiredError();
        return { project: project('cnc'), files: [] };
      },
    });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'open', signIn: true });
    signedIn = true;
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.project?.id).toBe('project-1');
  });

  test('a project that cannot be read for another reason says the quotation data could not be fetched', async () => {
    const { actor } = harness({ openProject: async () => Promise.reject(new Error('Project not found.')) });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'open', signIn: false });
  });

  test('a project that cannot be created says why; removing a part stops its machines', async () => {
    const { actor } = harness();
    const failing = createActor(
      quoteWorkspaceMachine.provide({
        actors: {
          createProject: fromPromise<Project, { name: string; process: ProcessSlug }>(async () => {
            throw new Error('Service is being upgraded, please come back later.');
          }),
          upload: uploadMachine.provide({ actors: { checkFile: fromPromise(async () => {}), importGeometry: fromCallback(() => {}), uploadFile: fromCallback(() => {}) } }),
        },
      }),
      { input: { now: () => NOW } },
    ).start();
    failing.send({ type: 'files.added', files: [new File(['x'], 'a.stl')] });
    await waitFor(failing, (s) => s.matches('failed'));
    expect(failing.getSnapshot().context.error).toEqual({ kind: 'create', reason: 'Service is being upgraded, please come back later.' });

    actor.send({ type: 'files.added', files: [new File(['x'], 'a.stl'), new File(['y'], 'b.stl')] });
    const [first, second] = actor.getSnapshot().context.parts;
    actor.send({ type: 'part.removed', id: first!.id });
    expect(actor.getSnapshot().context.parts.map((p) => p.id)).toEqual([second!.id]);
    expect(actor.getSnapshot().context.selectedId).toBe(second!.id);
    expect(first!.upload!.getSnapshot().status).not.toBe('active');
  });
});

describe('a file the job queue analyses (ADR 115)', () => {
  const analysing = (id: string): QuoteFile => storedQuoteFile({ id, name: `${id}.stl`, metrics: null, findings: [], analysis: 'analysing' });

  test('the part follows its file, keeps the browser’s price meanwhile, and saves once the server has measured it', async () => {
    const { actor, uploads, saves, follows, part } = await droppedAndImported();

    // Stored, not measured yet: no save against it (the server would answer 409), and the part follows it.
    uploads.get('bracket.stl')!({ type: 'upload.done', uploaded: analysing('file-a') });
    expect(part().serverFile?.analysis).toBe('analysing');
    expect(actor.getSnapshot().context.announcement).toMatchObject({ kind: 'uploaded', name: 'bracket.stl' });
    expect(follows.get(part().id)?.input).toMatchObject({ projectId: 'project-1', file: { id: 'file-a' } });
    expect(part().configurator!.getSnapshot().context.target).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saves).toEqual([]);

    // Measured: the configurator saves against it at once, with the server's metrics.
    follows.get(part().id)!.sendBack({ type: 'part.analysed', id: part().id, file: serverFile('file-a') });
    expect(part().serverFile?.analysis).toBe('done');
    await vi.waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.target).toEqual({ projectId: 'project-1', fileId: 'file-a' });
  });

  test('an analysis that failed is the part’s to show: nothing is saved; removing a part stops following its file', async () => {
    const { actor, imports, uploads, saves, follows } = harness();
    actor.send({ type: 'files.added', files: [new File(['x'], 'a.stl'), new File(['y'], 'b.stl')] });
    await waitFor(actor, (s) => s.matches('ready'));
    await vi.waitFor(() => expect(imports.size + uploads.size).toBe(4));
    imports.get('a.stl')!({ type: 'import.done', analysis });
    uploads.get('a.stl')!({ type: 'upload.done', uploaded: analysing('file-a') });
    uploads.get('b.stl')!({ type: 'upload.done', uploaded: analysing('file-b') });
    const [a, b] = actor.getSnapshot().context.parts;
    const failed = storedQuoteFile({ id: 'file-a', name: 'a.stl', metrics: null, findings: [], analysis: 'failed', analysisError: 'The analysis stopped twice.' });
    follows.get(a!.id)!.sendBack({ type: 'part.analysed', id: a!.id, file: failed });
    expect(actor.getSnapshot().context.parts[0]!.serverFile?.analysisError).toBe('The analysis stopped twice.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saves).toEqual([]);

    actor.send({ type: 'part.removed', id: b!.id });
    expect(follows.get(b!.id)!.stopped).toBe(true);
  });

  test('a reopened project follows the files still being analysed, and configures them once measured', async () => {
    const { actor, follows } = harness({ openFiles: [serverFile('file-a'), analysing('file-b')] });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect([...follows.keys()]).toEqual(['file-b']);
    expect(actor.getSnapshot().context.parts[1]!.configurator).toBeNull();
    follows.get('file-b')!.sendBack({ type: 'part.analysed', id: 'file-b', file: serverFile('file-b') });
    expect(actor.getSnapshot().context.parts[1]!.configurator?.getSnapshot().context.target).toEqual({ projectId: 'project-1', fileId: 'file-b' });
  });

  test('opening another project stops following the files of the one left', async () => {
    const { actor, follows } = harness({ openFiles: [analysing('file-b')] });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(follows.get('file-b')!.stopped).toBe(false);
    actor.send({ type: 'project.open', projectId: 'project-2' });
    expect(follows.get('file-b')!.stopped).toBe(true);
  });
});

describe('a large file’s walls and holes follow its price (ADR 145)', () => {
  const thinWall = { code: 'thin-wall', severity: 'warning', message: 'Walls are as thin as 0.6 mm in one region.', fixHint: 'Thicken the highlighted walls.', triangles: [1, 2], count: 2 } as const;
  const pending = (id: string): QuoteFile => ({ ...serverFile(id), checks: 'pending' });
  const checked = (id: string): QuoteFile => ({ ...serverFile(id), checks: 'done', findings: [thinWall] });

  test('the part saves at once and follows its file; the walls and holes join the configurator without another save', async () => {
    const { uploads, saves, follows, part } = await droppedAndImported();
    const configurator = part().configurator!;

    // Priced by the server at once: the walls and holes do not hold the confirmation back.
    uploads.get('bracket.stl')!({ type: 'upload.done', uploaded: pending('file-a') });
    await vi.waitFor(() => expect(saves).toHaveLength(1));
    await vi.waitFor(() => expect(serverAgrees(configurator.getSnapshot().context)).toBe(true));
    expect(follows.get(part().id)?.input).toMatchObject({ projectId: 'project-1', file: { id: 'file-a', checks: 'pending' } });

    // Their findings arrive: shown with the part, and the confirmed price stands without a save.
    follows.get(part().id)!.sendBack({ type: 'part.analysed', id: part().id, file: checked('file-a') });
    expect(part().serverFile?.checks).toBe('done');
    expect(configurator.getSnapshot().context.geometryFindings).toEqual([thinWall]);
    expect(configurator.getSnapshot().value).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saves).toHaveLength(1);
    expect(serverAgrees(configurator.getSnapshot().context)).toBe(true);
  });

  test('a reopened project follows a file whose walls and holes are still being measured', async () => {
    const { actor, follows } = harness({ openFiles: [serverFile('file-a'), pending('file-b')] });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect([...follows.keys()]).toEqual(['file-b']);
  });
});

describe('an assembly becomes parts (ADR 131)', () => {
  const assemblyFile = (): QuoteFile => ({
    ...serverFile('file-asm', configurationForProcess(null, 'cnc')),
    summary: {
      triangleCount: 72,
      sizeMm: [130, 40, 50],
      volumeMm3: 13_600,
      areaMm2: 5_000,
      watertight: true,
      unit: 'mm',
      unitSource: 'guess',
      bodyCount: 5,
      bodies: [],
      unitCorrection: 'none',
      errors: 0,
      warnings: 0,
      assembly: { bodyCount: 5, partCount: 2, parts: [{ name: 'Body 1', count: 4 }, { name: 'Body 5', count: 1 }], offered: true },
    },
  });
  const parts = [
    { ...serverFile('file-cube', { ...configurationForProcess(null, 'cnc'), quantity: 4 }, 10), name: 'file-asm.stl – Body 1', splitFrom: 'file-asm' },
    { ...serverFile('file-plate', { ...configurationForProcess(null, 'cnc'), quantity: 1 }, 60), name: 'file-asm.stl – Body 5', splitFrom: 'file-asm' },
  ];

  function splitHarness(split: () => Promise<{ from: string; list: QuoteFile[]; total: number }>) {
    const splitFile = vi.fn((_call: { input: { projectId: string; fileId: string } }) => split());
    const keepWhole = vi.fn(async ({ input }: { input: { fileId: string } }) => {
      const file = assemblyFile();
      return { ...file, id: input.fileId, summary: { ...file.summary!, assembly: { ...file.summary!.assembly!, offered: false } } };
    });
    const machine = quoteWorkspaceMachine.provide({
      actors: {
        configurator: quoteConfiguratorMachine.provide({ actors: { saveConfiguration: fromPromise(async ({ input }) => priced(input.configuration)) } }),
        openProject: fromPromise(async () => ({ project: project('cnc'), files: [serverFile('file-a', defaultConfiguration('cnc')), assemblyFile()] })),
        splitFile: fromPromise(({ input }) => splitFile({ input })),
        keepWhole: fromPromise(({ input }) => keepWhole({ input })),
        loadPreview: fromCallback(({ sendBack, input }) => {
          sendBack({ type: 'preview.loaded', id: input.file.id, analysis: { metrics: metrics(10), findings: [], mesh: null, orderable: true } });
        }),
      },
    });
    const actor = createActor(machine, { input: { process: 'cnc', now: () => NOW } }).start();
    return { actor, splitFile, keepWhole };
  }

  test('part.split: the file’s part is replaced in place by its parts, each with its quantity and configurator; the first is selected and focused; announced', async () => {
    const { actor, splitFile } = splitHarness(async () => ({ from: 'file-asm', list: parts, total: 2 }));
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    // The visitor pressed "Split into parts": previews are wanted.
    actor.send({ type: 'previews.wanted' });
    const old = actor.getSnapshot().context.parts.find((p) => p.id === 'file-asm')!;
    actor.send({ type: 'part.split', id: 'file-asm' });
    // A second press while the first runs is not another split.
    actor.send({ type: 'part.split', id: 'file-asm' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.parts.some((p) => p.id === 'file-cube'));
    expect(splitFile).toHaveBeenCalledTimes(1);
    expect(splitFile.mock.calls[0]![0]).toEqual({ input: { projectId: 'project-1', fileId: 'file-asm' } });
    const context = actor.getSnapshot().context;
    expect(context.parts.map((p) => p.id)).toEqual(['file-a', 'file-cube', 'file-plate']);
    expect(context.selectedId).toBe('file-cube');
    expect(context.focusPartId).toBe('file-cube');
    expect(context.announcement).toMatchObject({ kind: 'split', name: 'file-asm.stl', count: 2 });
    expect(old.configurator!.getSnapshot().status).toBe('stopped');
    const quantities = context.parts.slice(1).map((p) => p.configurator!.getSnapshot().context.configuration.quantity);
    expect(quantities).toEqual([4, 1]);
    // Each new part is priced at once (the server's quote of its saved configuration).
    for (const part of context.parts.slice(1)) expect(selectQuote(part.configurator!.getSnapshot().context).unitPriceCents).toBeGreaterThan(0);
    // The selected new part's preview is read from its stored STL.
    await waitFor(actor, (s) => s.context.parts.find((p) => p.id === 'file-cube')?.preview === 'ready');
  });

  test('a refused split keeps the part and says why, for that part', async () => {
    const { actor } = splitHarness(async () => {
      throw new Error('This file was already split into parts: they are in the project’s list of files.');
    });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'part.split', id: 'file-asm' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'split', partId: 'file-asm', reason: 'This file was already split into parts: they are in the project’s list of files.' });
    expect(actor.getSnapshot().context.parts.map((p) => p.id)).toEqual(['file-a', 'file-asm']);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  test('part.keepWhole: the server’s file without the offer replaces the part’s; a part of one body is not split', async () => {
    const { actor, keepWhole, splitFile } = splitHarness(async () => ({ from: 'file-asm', list: parts, total: 2 }));
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'part.split', id: 'file-a' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'part.keepWhole', id: 'file-asm' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && keepWhole.mock.calls.length === 1);
    await waitFor(actor, (s) => s.context.parts.find((p) => p.id === 'file-asm')?.serverFile?.summary?.assembly?.offered === false);
    expect(splitFile).not.toHaveBeenCalled();
  });
});

describe('several parts at once (issue 34 item 2)', () => {
  /** A reopened printing project: a white resin part, a part with no colour yet, and a part too large for Nylon. */
  async function opened() {
    const printing = (fields: Partial<PartConfiguration>) => ({ ...defaultConfiguration('3d-printing'), ...fields });
    const big = storedQuoteFile({ id: 'file-c', name: 'plate.stl', metrics: boxMetrics([590, 590, 20]), configuration: printing({ colourId: 'white' }) });
    const h = harness({ openProcess: '3d-printing', openFiles: [serverFile('file-a', printing({ colourId: 'white' })), serverFile('file-b', printing({})), big] });
    h.actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(h.actor, (s) => s.matches('ready'));
    const configuration = (id: string) => h.actor.getSnapshot().context.parts.find((p) => p.id === id)!.configurator!.getSnapshot().context.configuration;
    return { ...h, configuration };
  }

  test('a change to the ticked parts: each takes it where valid; the others keep their configuration, and one summary says which and why', async () => {
    const { actor, configuration, saves } = await opened();
    actor.send({ type: 'parts.checked', ids: ['file-a', 'file-c', 'not-a-part'] });
    expect(actor.getSnapshot().context.checkedIds).toEqual(['file-a', 'file-c']);
    actor.send({ type: 'parts.bulkEdit', change: { field: 'material', materialId: 'sls-pa12' } });
    expect(configuration('file-a').materialId).toBe('sls-pa12');
    expect(configuration('file-c').materialId).toBe('sla-standard-resin');
    expect(configuration('file-b').materialId).toBe('sla-standard-resin');
    expect(actor.getSnapshot().context.bulkResult).toEqual({
      change: { field: 'material', materialId: 'sls-pa12' },
      changed: 1,
      kept: [{ id: 'file-c', name: 'plate.stl', reason: { kind: 'rule', message: expect.stringContaining('does not fit the 340 × 340 × 580 mm build volume') } }],
      seq: 1,
    });
    // The part that took it saves it, as after any change.
    await vi.waitFor(() => expect(saves.some((s) => s.target.fileId === 'file-a' && s.configuration.materialId === 'sls-pa12')).toBe(true));

    actor.send({ type: 'parts.checked', ids: ['file-a', 'file-b', 'file-c'] });
    actor.send({ type: 'parts.bulkEdit', change: { field: 'tier', tier: 'express' } });
    expect(['file-a', 'file-b', 'file-c'].map((id) => configuration(id).tier)).toEqual(['express', 'express', 'express']);
    expect(actor.getSnapshot().context.bulkResult).toMatchObject({ changed: 3, kept: [], seq: 2 });

    // A removed part leaves the ticks.
    actor.send({ type: 'part.removed', id: 'file-c' });
    expect(actor.getSnapshot().context.checkedIds).toEqual(['file-a', 'file-b']);
  });

  test('a part whose file is still read keeps its place and says so', async () => {
    const { actor, uploads } = await opened();
    actor.send({ type: 'files.added', files: [new File(['x'], 'late.stl')] });
    await vi.waitFor(() => expect(uploads.size).toBe(1));
    const late = actor.getSnapshot().context.parts.find((p) => p.fileName === 'late.stl')!;
    actor.send({ type: 'parts.checked', ids: [late.id, 'file-a'] });
    actor.send({ type: 'parts.bulkEdit', change: { field: 'quantity', quantity: 12 } });
    expect(actor.getSnapshot().context.bulkResult).toMatchObject({ changed: 1, kept: [{ id: late.id, name: 'late.stl', reason: { kind: 'not-ready' } }] });
  });

  test('every priced part to the cart in one call, with the configuration on screen; a part missing its colour stays, asked for it', async () => {
    const { actor, carts, configuration } = await opened();
    actor.send({ type: 'parts.addToCart' });
    expect(actor.getSnapshot().matches({ ready: 'addingToCart' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(carts).toEqual([{ items: [{ fileId: 'file-a', configuration: configuration('file-a') }, { fileId: 'file-c', configuration: configuration('file-c') }] }]);
    expect(actor.getSnapshot().context.cartResult).toEqual({ added: 2, skipped: [{ id: 'file-b', name: 'file-b.stl', reason: 'needs-colour' }], seq: 1 });
    const b = actor.getSnapshot().context.parts.find((p) => p.id === 'file-b')!.configurator!;
    expect(b.getSnapshot().context.attempted).toBe(true);
  });

  test('nothing orderable: no call, the summary at once; a refused call keeps the parts and says why', async () => {
    const { actor, carts } = await opened();
    actor.send({ type: 'part.removed', id: 'file-a' });
    actor.send({ type: 'part.removed', id: 'file-c' });
    actor.send({ type: 'parts.addToCart' });
    expect(carts).toEqual([]);
    expect(actor.getSnapshot().context.cartResult).toMatchObject({ added: 0, skipped: [{ id: 'file-b', reason: 'needs-colour' }] });

    const again = await opened();
    again.failCart('"plate.stl" cannot be ordered as configured: …');
    again.actor.send({ type: 'parts.addToCart' });
    await waitFor(again.actor, (s) => s.matches({ ready: 'idle' }));
    expect(again.actor.getSnapshot().context.error).toEqual({ kind: 'cart', reason: '"plate.stl" cannot be ordered as configured: …' });
    expect(again.actor.getSnapshot().context.cartResult).toBeNull();
  });
});

describe('assemblies as a bill of materials (issue 34 item 3)', () => {
  const part = (id: string, perAssembly: number) =>
    storedQuoteFile({
      id,
      name: `frame.step – ${id}`,
      metrics: metrics(20),
      splitFrom: 'frame',
      assembly: { id: 'frame', name: 'frame.step', quantity: 1, perAssembly },
      configuration: { ...defaultConfiguration('3d-printing'), colourId: 'white', quantity: perAssembly },
      quote: priced({ ...defaultConfiguration('3d-printing'), colourId: 'white', quantity: perAssembly }),
    });

  test('a number of assemblies: set on the server, each part takes its new quantity and price as the server configured it, announced; a refusal is the assembly’s', async () => {
    const { actor, assemblyCalls, saves } = harness({ openProcess: '3d-printing', openFiles: [part('rod', 2), part('bracket', 4)] });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const savedBefore = saves.length;
    actor.send({ type: 'assembly.quantity', assemblyId: 'frame', quantity: 3 });
    expect(actor.getSnapshot().matches({ ready: 'settingAssembly' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(assemblyCalls).toEqual([{ projectId: 'project-1', assemblyId: 'frame', quantity: 3 }]);
    const parts = actor.getSnapshot().context.parts;
    expect(parts.map((p) => [p.serverFile?.assembly?.quantity, p.configurator!.getSnapshot().context.configuration.quantity])).toEqual([
      [3, 6],
      [3, 12],
    ]);
    expect(actor.getSnapshot().context.announcement).toMatchObject({ kind: 'assembly', name: 'frame.step', count: 3 });
    // The server configured them: nothing is saved again.
    expect(saves.length).toBe(savedBefore);

    actor.send({ type: 'assembly.quantity', assemblyId: 'frame', quantity: 5000 });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'assembly', assemblyId: 'frame', reason: 'That many assemblies would make more than 100,000 of a part.' });
    expect(parts[0]!.configurator!.getSnapshot().context.configuration.quantity).toBe(6);
  });
});

describe('manual review (issue 34 item 4)', () => {
  test('a part sent for review with its note, files and the options on screen: its file then carries the pending review, announced; a refusal is the part’s', async () => {
    const { actor, reviewCalls } = harness({ openProcess: '3d-printing', openFiles: [serverFile('file-a', { ...defaultConfiguration('3d-printing'), quantity: 3 })] });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const drawing = new File(['%PDF-1.7'], 'drawing.pdf');
    actor.send({ type: 'part.reviewRequested', id: 'file-a', note: 'Titanium, please', files: [drawing] });
    expect(actor.getSnapshot().matches({ ready: 'requestingReview' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(reviewCalls).toEqual([{ projectId: 'project-1', fileId: 'file-a', note: 'Titanium, please', configuration: expect.objectContaining({ quantity: 3 }), files: [drawing] }]);
    expect(actor.getSnapshot().context.parts[0]!.serverFile?.review?.status).toBe('pending');
    expect(actor.getSnapshot().context.announcement).toMatchObject({ kind: 'review', name: 'file-a.stl' });

    actor.send({ type: 'part.reviewRequested', id: 'file-a', note: 'fail', files: [] });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'review', partId: 'file-a', reason: '"x" is already in review: our engineers answer by email.' });
    // A part the server does not have yet cannot be sent.
    actor.send({ type: 'part.reviewRequested', id: 'nope', note: 'x', files: [] });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
