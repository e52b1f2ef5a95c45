/** The server's notion of now; tests inject a movable one (expiry, the 2-year history window). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

export function iso(date: Date): string {
  return date.toISOString();
}
