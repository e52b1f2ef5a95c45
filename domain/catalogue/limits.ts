/**
 * Configured limits of the quote flow: the values the spec leaves as "configured" (section 5),
 * chosen here once and imported by the upload checks (client and server), the importers and the
 * rules. Change a value here and every check follows.
 */

/** Largest quote file accepted, in MiB: what the upload panel and the rules' messages say. */
export const MAX_FILE_SIZE_MB = 100;

/** Largest quote file accepted, in bytes. */
export const MAX_FILE_SIZE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;

/** Most files accepted in one upload. */
export const MAX_FILES_PER_UPLOAD = 20;

/** File formats the quote accepts, as returned by `detectCadFormat`. */
export const ACCEPTED_CAD_FORMATS = ['stl-binary', 'stl-ascii', 'step', 'obj', '3mf'] as const;

/** File name extensions offered in the file picker (the content decides, not the extension). */
export const ACCEPTED_FILE_EXTENSIONS = ['.stl', '.step', '.stp', '.obj', '.3mf'] as const;

/**
 * Most triangles an importer builds. A 100 MiB binary STL holds about 2.1 million triangles;
 * the higher limit leaves room for compressed 3MF and finely tessellated STEP, and caps the
 * memory of one import at about 360 MB of vertex data.
 */
export const MAX_TRIANGLES = 10_000_000;

/** Longest list of triangle indices one finding carries (the count is always complete). */
export const MAX_FINDING_TRIANGLES = 200;

/** Painting: most colours per model (spec section 5). */
export const MAX_PAINTING_COLOURS = 5;

/** Dyeing: most colours for a solid or gradient dye (spec section 5). */
export const MAX_DYEING_COLOURS = 3;

/** Dyeing: most colours for a cream dye (spec section 5). */
export const MAX_CREAM_DYEING_COLOURS = 1;

/** Silkscreen: most colours per model (the spec leaves the value to configuration). */
export const MAX_SILKSCREEN_COLOURS = 4;

/** Brass insert and Helicoil: the hole must be deeper than the insert by this much, in mm. */
export const INSERT_HOLE_DEPTH_MARGIN_MM = 1.5;

/** Vacuum casting polyurethane hardness, Shore A (spec section 9). */
export const HARDNESS_SHORE_A = { min: 30, max: 90, common: 70 } as const;

/** Largest quantity one quote line accepts; larger runs go to a person. */
export const MAX_QUANTITY = 100_000;

/** Most holes or inserts one operation line accepts. */
export const MAX_HOLES_PER_PART = 500;

/**
 * Walls thinner than this, mm, are highlighted on every file (the thinnest wall most materials
 * make reliably); a material whose own minimum (`minDimensionMm`) is larger refuses them.
 */
export const THIN_WALL_MM = 1;

/** The smallest drill or end mill our machine shops use, mm: narrower holes get a finding. */
export const SMALLEST_TOOL_MM = 1;

/** The deepest hole a standard drill makes, in diameters. */
export const MAX_HOLE_DEPTH_TO_DIAMETER = 6;
