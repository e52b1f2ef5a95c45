/**
 * Quote project rules (spec section 5: "Project name required; manufacturing service must be
 * chosen") and how long a project's files and quotes hold (spec section 9). Shared by the
 * project form and the server.
 */
import type { ProcessSlug } from '#domain/catalogue/types';

/** Spec section 9: uploaded 3D files are kept 3 months, then removed from storage. */
export const QUOTE_FILE_RETENTION_MONTHS = 3;

/** A quote document holds its prices this long. */
export const QUOTE_DOCUMENT_HOLD_DAYS = 30;

/** A cart line or a part's quote priced longer ago than this is priced again when read. */
export const REPRICE_AFTER_HOURS = 24;

export const PROJECT_NAME_MAX_LENGTH = 100;

export const PROCESS_SLUGS = ['3d-printing', 'cnc', 'vacuum-casting'] as const satisfies readonly ProcessSlug[];

/** Messages of the project rules. */
export const PROJECT_MESSAGES = {
  name: 'Project name is required',
  nameTooLong: `Project name can be at most ${PROJECT_NAME_MAX_LENGTH} characters`,
  process: 'Please choose a manufacturing service',
} as const;

/**
 * The project rules as a pure check (the form can run it as the server does): field → messages.
 * `partial` checks only the fields present (PATCH).
 */
export function projectInputErrors(input: { name?: unknown; process?: unknown }, partial = false): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!partial || input.name !== undefined) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') errors.name = [PROJECT_MESSAGES.name];
    else if (name.length > PROJECT_NAME_MAX_LENGTH) errors.name = [PROJECT_MESSAGES.nameTooLong];
  }
  if (!partial || input.process !== undefined) {
    if (!(PROCESS_SLUGS as readonly unknown[]).includes(input.process)) errors.process = [PROJECT_MESSAGES.process];
  }
  return errors;
}
