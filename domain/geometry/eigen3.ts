/**
 * Eigenvalues and eigenvectors of a symmetric 3 × 3 matrix by cyclic Jacobi rotations: a few
 * dozen lines for the one matrix size the geometry needs (a body's second moments), accurate to
 * rounding and always orthonormal, where a general linear-algebra package would add weight to
 * the browser's geometry worker.
 */

/** A 3 × 3 matrix, row by row. */
export type Matrix3 = [number, number, number, number, number, number, number, number, number];

export interface SymmetricEigen {
  /** The eigenvalues, smallest first. */
  readonly values: [number, number, number];
  /** The unit eigenvectors as the columns of a rotation (determinant +1), in the order of `values`. */
  readonly vectors: Matrix3;
}

/**
 * Diagonalises the symmetric matrix [[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]]. Returns its
 * eigenvalues in increasing order and the matching orthonormal eigenvectors as columns.
 */
export function symmetricEigen3(xx: number, yy: number, zz: number, xy: number, xz: number, yz: number): SymmetricEigen {
  const a = [xx, xy, xz, xy, yy, yz, xz, yz, zz];
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = Math.abs(a[1] as number) + Math.abs(a[2] as number) + Math.abs(a[5] as number);
    const scale = Math.abs(a[0] as number) + Math.abs(a[4] as number) + Math.abs(a[8] as number);
    if (off <= 1e-30 * Math.max(scale, 1e-300) || off === 0) break;
    rotate(a, v, 0, 1);
    rotate(a, v, 0, 2);
    rotate(a, v, 1, 2);
  }
  const order = [0, 1, 2].sort((i, j) => (a[i * 4] as number) - (a[j * 4] as number));
  const values = order.map((i) => a[i * 4] as number) as [number, number, number];
  const vectors = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Matrix3;
  order.forEach((column, k) => {
    for (let row = 0; row < 3; row++) vectors[row * 3 + k] = v[row * 3 + column] as number;
  });
  if (determinant(vectors) < 0) for (let row = 0; row < 3; row++) vectors[row * 3 + 2] = -(vectors[row * 3 + 2] as number);
  return { values, vectors };
}

/** One Jacobi rotation zeroing a[p][q] (a row-major 3 × 3), accumulated into v's columns. */
function rotate(a: number[], v: number[], p: number, q: number): void {
  const apq = a[p * 3 + q] as number;
  if (apq === 0) return;
  const app = a[p * 3 + p] as number;
  const aqq = a[q * 3 + q] as number;
  const theta = (aqq - app) / (2 * apq);
  const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < 3; k++) {
    const akp = a[k * 3 + p] as number;
    const akq = a[k * 3 + q] as number;
    a[k * 3 + p] = c * akp - s * akq;
    a[k * 3 + q] = s * akp + c * akq;
  }
  for (let k = 0; k < 3; k++) {
    const apk = a[p * 3 + k] as number;
    const aqk = a[q * 3 + k] as number;
    a[p * 3 + k] = c * apk - s * aqk;
    a[q * 3 + k] = s * apk + c * aqk;
  }
  for (let k = 0; k < 3; k++) {
    const vkp = v[k * 3 + p] as number;
    const vkq = v[k * 3 + q] as number;
    v[k * 3 + p] = c * vkp - s * vkq;
    v[k * 3 + q] = s * vkp + c * vkq;
  }
}

/** The determinant of a row-major 3 × 3 matrix. */
export function determinant(m: Matrix3): number {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
}
