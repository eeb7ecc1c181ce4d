import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * The two ways a screen asks for its server data again: `reload()` after a change (the data on
 * screen stays while the new one loads) and `retry()` after a failure (the loading state shows
 * again). Only types come from the query library, so this module adds nothing to the shell chunk.
 */
export function useRefetchActions(client: QueryClient, queryKey: QueryKey) {
  const id = JSON.stringify(queryKey);
  return useMemo(() => {
    const key = JSON.parse(id) as QueryKey;
    return {
      reload: () => void client.invalidateQueries({ queryKey: key }),
      retry: () => void client.resetQueries({ queryKey: key }),
    };
  }, [client, id]);
}
