import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRefetchActions } from '@/lib/query-actions';
import type { CharacterName } from '@dwitunggal/contracts/characters';
import { fetchQuality, fetchTagList, type QualityReport, type Tag } from '../api/tags-api';
import { InvalidResponseError } from '@/lib/api-error';

export type ListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'invalid' }
  | { status: 'ready'; tags: Tag[] };

export type QualityState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; report: QualityReport };

/** The query keys of a figure's archive: `archiveKeys.all(nama)` covers both. */
export const archiveKeys = {
  all: (nama: CharacterName) => ['archive', nama] as const,
  tags: (nama: CharacterName) => ['archive', nama, 'tags'] as const,
  quality: (nama: CharacterName) => ['archive', nama, 'quality'] as const,
};

/**
 * A figure's tag list and its data-quality report. `reload()` fetches both again (after a
 * create, update, delete or import); while it runs the previous data stays on screen and
 * `refreshing` is true. `retry()` (after a failure) shows the loading state again.
 */
export function useArchiveData(nama: CharacterName) {
  const listQuery = useQuery({
    queryKey: archiveKeys.tags(nama),
    // An answer that is not a tag list throws InvalidResponseError: shown as "invalid", not as a
    // failed request.
    queryFn: ({ signal }) => fetchTagList(nama, signal),
  });
  const qualityQuery = useQuery({
    queryKey: archiveKeys.quality(nama),
    queryFn: ({ signal }) => fetchQuality(nama, signal),
  });

  const { reload, retry } = useRefetchActions(useQueryClient(), archiveKeys.all(nama));

  const { status: listStatus, data: listData, error: listError } = listQuery;
  const { status: qualityStatus, data: report } = qualityQuery;
  // A failed refresh shows the error state, not the data shown before.
  const list = useMemo((): ListState => {
    if (listStatus === 'pending') return { status: 'loading' };
    if (listStatus === 'error') {
      return { status: listError instanceof InvalidResponseError ? 'invalid' : 'error' };
    }
    return { status: 'ready', tags: listData };
  }, [listStatus, listData, listError]);
  const quality = useMemo((): QualityState => {
    if (qualityStatus !== 'success')
      return { status: qualityStatus === 'pending' ? 'loading' : 'error' };
    return { status: 'ready', report: report };
  }, [qualityStatus, report]);
  return { list, quality, refreshing: listQuery.isFetching, reload, retry };
}
