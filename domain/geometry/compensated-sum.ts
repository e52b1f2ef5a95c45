/**
 * Neumaier's compensated summation: the running sum plus the rounding error lost at each step,
 * so that adding millions of terms of mixed size and sign keeps about full double precision
 * (plain summation loses up to n × 2⁻⁵³ relative).
 */
export class CompensatedSum {
  private sum = 0;
  private compensation = 0;

  add(x: number): void {
    const t = this.sum + x;
    if (Math.abs(this.sum) >= Math.abs(x)) this.compensation += this.sum - t + x;
    else this.compensation += x - t + this.sum;
    this.sum = t;
  }

  get value(): number {
    return this.sum + this.compensation;
  }
}

/** The same, for many sums kept side by side in typed arrays (one per shell). */
export function addCompensated(sums: Float64Array, compensations: Float64Array, index: number, x: number): void {
  const s = sums[index] as number;
  const t = s + x;
  if (Math.abs(s) >= Math.abs(x)) compensations[index] = (compensations[index] as number) + (s - t + x);
  else compensations[index] = (compensations[index] as number) + (x - t + s);
  sums[index] = t;
}
