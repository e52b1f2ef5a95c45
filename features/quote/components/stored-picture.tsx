import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { getPartThumbnail } from '../api.ts';

/**
 * The picture the server drew of a stored part, from the cache of server state (one fetch for the
 * parts table's row and the part's preview while it waits, ADR 263): an object URL while it is shown,
 * or null (loading, none drawn yet, or refused), and whether it is still loading. Call it inside a
 * `ServerState`.
 */
export function useStoredPicture(projectId: string, fileId: string): { url: string | null; loading: boolean } {
  const picture = asyncState(useQuery({ queryKey: queryKeys.thumbnails.part(projectId, fileId), queryFn: ({ signal }) => getPartThumbnail(projectId, fileId, signal) }));
  const blob = picture.status === 'success' ? picture.data : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, loading: picture.status === 'loading' };
}
