// fontkit ships no types; server/pdf/pdf-document.ts asks a font only which characters it draws.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer | Uint8Array): Font;
}
