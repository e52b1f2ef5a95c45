// occt-import-js ships no types; the part we use is typed in domain/geometry/step.ts (OcctModule).
declare module 'occt-import-js' {
  const factory: (options?: { locateFile?: (file: string) => string; print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<unknown>;
  export default factory;
}
