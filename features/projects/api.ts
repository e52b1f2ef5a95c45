import type { PartQuote, Project, ProjectDeleted, ProjectList, ProjectPatch, QuoteFileList } from '#domain/api/quote';
import { microserviceApi } from '#lib/api/client';

const id = (value: string) => encodeURIComponent(value);

/** The customer's projects, most recently changed first; `q` searches their names. The page says what failed itself. */
export const listProjects = (page: number, pageSize: number, q: string | null, signal?: AbortSignal) =>
  microserviceApi<ProjectList>('project/list', { query: { page, pageSize, ...(q ? { q } : {}) }, signal, quiet: true });

export const renameProject = (projectId: string, body: ProjectPatch) => microserviceApi<Project>(`project/${id(projectId)}`, { method: 'PATCH', body, quiet: true });

export const deleteProject = (projectId: string) => microserviceApi<ProjectDeleted>(`project/${id(projectId)}`, { method: 'DELETE', quiet: true });

export const getProject = (projectId: string, signal?: AbortSignal) => microserviceApi<Project>(`project/${id(projectId)}`, { signal, quiet: true });

export const listProjectFiles = (projectId: string, signal?: AbortSignal) =>
  microserviceApi<QuoteFileList>(`project/${id(projectId)}/files`, { signal, quiet: true });

/** A configured part's saved configuration and the server's price (priced again when older than a day). */
export const getFileQuote = (projectId: string, fileId: string, signal?: AbortSignal) =>
  microserviceApi<PartQuote>(`project/${id(projectId)}/files/${id(fileId)}/quote`, { signal, quiet: true });

/** The project's picture (its first part, drawn by the server), or a failure when it has none. */
export const getProjectThumbnail = (projectId: string, signal?: AbortSignal) =>
  microserviceApi<Blob>(`project/${id(projectId)}/thumbnail`, { responseType: 'blob', signal, quiet: true });
