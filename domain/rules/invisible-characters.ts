/**
 * Characters that change how text around them is shown without being seen themselves (issue 32
 * item 11): the bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069
 * isolates, the LRM, RLM and ALM marks), which can make "invoice‮fdp.exe" read as "invoiceexe.pdf";
 * the zero-width space, word joiner and invisible operators, the byte-order mark, the soft hyphen;
 * and control characters (C0 but tab and line breaks, C1). They are removed from every text a
 * customer sends (names, addresses, file and project names, comments) before it is checked or
 * stored, so that a name cannot disguise itself on a page or in a PDF. The zero-width joiner and
 * non-joiner (U+200C, U+200D) stay: Persian, Indic scripts and emoji need them, and they reorder
 * nothing (ADR 146).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** `text` without bidirectional controls, invisible characters and control characters (tab and line breaks kept). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Whether `text` holds any character `withoutInvisible` removes. */
export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  return found;
}
