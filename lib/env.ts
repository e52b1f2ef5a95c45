import { DEFAULT_API_SEGMENT } from '#domain/api/bases';

declare const __API_SEGMENT__: string | undefined;

/** The business segment, fixed at build time from API_SEGMENT (the server reads the same variable). */
export const apiSegment: string = typeof __API_SEGMENT__ === 'string' ? __API_SEGMENT__ : DEFAULT_API_SEGMENT;
