import { useCallback, useEffect, useState } from 'react';
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

type Loaded<T> = { version: number; state: T };

/**
 * A figure's tag list and its data-quality report. `reload()` fetches both again (after a
 * create, update, delete or import); while it runs the previous data stays on screen and
 * `refreshing` is true. Answers that arrive after a newer request are ignored.
 */
export function useArchiveData(nama: CharacterName) {
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<Loaded<ListState>>({
    version: -1,
    state: { status: 'loading' },
  });
  const [quality, setQuality] = useState<Loaded<QualityState>>({
    version: -1,
    state: { status: 'loading' },
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    fetchTagList(nama, signal).then(
      (tags) => {
        if (!signal.aborted) setList({ version, state: { status: 'ready', tags } });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        const invalid = error instanceof InvalidResponseError;
        setList({ version, state: { status: invalid ? 'invalid' : 'error' } });
      },
    );
    fetchQuality(nama, signal).then(
      (report) => {
        if (!signal.aborted) setQuality({ version, state: { status: 'ready', report } });
      },
      () => {
        if (!signal.aborted) setQuality({ version, state: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [nama, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  /** After a failure: show the loading state again and retry. */
  const retry = useCallback(() => {
    setList((prev) => ({ ...prev, state: { status: 'loading' } }));
    setQuality((prev) => ({ ...prev, state: { status: 'loading' } }));
    setVersion((v) => v + 1);
  }, []);

  return {
    list: list.state,
    quality: quality.state,
    refreshing: list.version !== version,
    reload,
    retry,
  };
}
