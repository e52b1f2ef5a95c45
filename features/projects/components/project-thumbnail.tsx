import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { FileIcon } from '#ui/icons';
import { getProjectThumbnail } from '../api.ts';

export type LoadThumbnail = (projectId: string, signal: AbortSignal) => Promise<Blob>;

/**
 * The picture of a project's first part, drawn by the server from the model (a PNG with a
 * transparent background): a pulsing box while it comes, a file sign when there is none. `alt`
 * says what the picture shows (the part's file name).
 */
export function ProjectThumbnail({ projectId, alt, load = getProjectThumbnail }: { projectId: string; alt: string; load?: LoadThumbnail }) {
  const picture = asyncState(useQuery({ queryKey: queryKeys.thumbnails.project(projectId), queryFn: ({ signal }) => load(projectId, signal) }));
  const blob = picture.status === 'success' ? picture.data : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const frame = 'flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-control border border-neutral-200 bg-neutral-50';
  if (picture.status === 'loading') return <div aria-hidden className={`${frame} motion-safe:animate-pulse`} />;
  if (!url)
    return (
      <div aria-hidden className={`${frame} text-neutral-500`}>
        <FileIcon className="size-8" />
      </div>
    );
  return (
    <div className={frame}>
      <img src={url} alt={alt} width={96} height={96} className="size-24 object-contain" />
    </div>
  );
}
