import { useCallback, useEffect, useState } from 'react';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { toApiFailure } from '@/lib/api-error';
import { fetchVersions, type ModelVersion } from '../api/models-api';

export type VersionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string | null }
  | { status: 'ready'; versions: ModelVersion[] };

/**
 * The figure's model versions, newest first. `reload()` fetches them again while the previous
 * list stays on screen (`refreshing`); `retry()` shows the loading state again.
 */
export function useModelVersions(figure: CharacterKey) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; state: VersionsState }>({
    attempt: -1,
    state: { status: 'loading' },
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    fetchVersions(figure, signal).then(
      (versions) => {
        if (!signal.aborted) setLoaded({ attempt, state: { status: 'ready', versions } });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        setLoaded((prev) => ({
          attempt,
          // A failed refresh keeps the list already shown.
          state:
            prev.state.status === 'ready'
              ? prev.state
              : { status: 'error', message: toApiFailure(error).message },
        }));
      },
    );
    return () => controller.abort();
  }, [figure, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const retry = useCallback(() => {
    setLoaded((prev) => ({ ...prev, state: { status: 'loading' } }));
    setAttempt((n) => n + 1);
  }, []);
  return { state: loaded.state, refreshing: loaded.attempt !== attempt, reload, retry };
}
