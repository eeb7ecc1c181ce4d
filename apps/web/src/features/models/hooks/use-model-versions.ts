import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { toApiFailure } from '@/lib/api-error';
import { useRefetchActions } from '@/lib/query-actions';
import { fetchVersions, type ModelVersion } from '../api/models-api';

export type VersionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string | null }
  | { status: 'ready'; versions: ModelVersion[] };

/** The query keys of the models feature. */
export const modelKeys = {
  versions: (figure: CharacterKey) => ['models', figure, 'versions'] as const,
  run: (id: string) => ['models', 'runs', id] as const,
};

/** The query of a figure's model versions (also read by the update flow for its estimate). */
export const versionsQuery = (figure: CharacterKey) => ({
  queryKey: modelKeys.versions(figure),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchVersions(figure, signal),
});

/**
 * The figure's model versions, newest first. `reload()` fetches them again while the previous
 * list stays on screen (`refreshing`); a failed refresh keeps the list already shown. `retry()`
 * shows the loading state again.
 */
export function useModelVersions(figure: CharacterKey) {
  const { data, error, isFetching } = useQuery(versionsQuery(figure));
  const { reload, retry } = useRefetchActions(useQueryClient(), modelKeys.versions(figure));
  const state: VersionsState = data
    ? { status: 'ready', versions: data }
    : error
      ? { status: 'error', message: toApiFailure(error).message }
      : { status: 'loading' };
  return { state, refreshing: isFetching, reload, retry };
}
