import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { InvalidResponseError } from '@/lib/api-error';
import { useRefetchActions } from '@/lib/query-actions';
import {
  actOnInbox,
  fetchInbox,
  fetchInboxSummary,
  fetchTagChoices,
  type InboxActionBody,
  type InboxPage,
} from '../api/inbox-api';

/** The query keys of the inbox: `inboxKeys.all(figure)` covers the pages and the count. */
export const inboxKeys = {
  all: (figure: CharacterKey) => ['inbox', figure] as const,
  page: (figure: CharacterKey, offset: number) => ['inbox', figure, 'page', offset] as const,
  summary: (figure: CharacterKey) => ['inbox', figure, 'summary'] as const,
  tags: (figure: CharacterKey) => ['inbox', figure, 'tags'] as const,
};

export type InboxState =
  | { status: 'loading' }
  | { status: 'error'; invalid: boolean }
  | { status: 'ready'; page: InboxPage };

/**
 * One page of a figure's open inbox groups and the figure's tags (the targets of "Tambahkan ke
 * tag"). `act` runs an action and then fetches the page and the tags again (the page on screen
 * stays while they load: `refreshing`); `retry` shows the loading state again.
 */
export function useInbox(figure: CharacterKey, offset: number) {
  const client = useQueryClient();
  const pageQuery = useQuery({
    queryKey: inboxKeys.page(figure, offset),
    queryFn: ({ signal }) => fetchInbox(figure, offset, signal),
    placeholderData: (previous) => previous,
  });
  const tagsQuery = useQuery({
    queryKey: inboxKeys.tags(figure),
    queryFn: ({ signal }) => fetchTagChoices(figure, signal),
  });
  const { reload, retry } = useRefetchActions(client, inboxKeys.all(figure));
  const action = useMutation({
    mutationFn: (body: InboxActionBody) => actOnInbox(figure, body),
    onSuccess: reload,
  });

  const { data, error, isFetching } = pageQuery;
  const state: InboxState = data
    ? { status: 'ready', page: data }
    : error
      ? { status: 'error', invalid: error instanceof InvalidResponseError }
      : { status: 'loading' };
  return {
    state,
    refreshing: isFetching && state.status === 'ready',
    tags: tagsQuery.data ?? null,
    act: action.mutateAsync,
    acting: action.isPending,
    retry,
  };
}

/** How many groups wait in the figure's inbox (null while unknown or on failure). */
export function useInboxCount(figure: CharacterKey): number | null {
  const { data } = useQuery({
    queryKey: inboxKeys.summary(figure),
    queryFn: ({ signal }) => fetchInboxSummary(figure, signal),
  });
  return data?.open ?? null;
}
