import { useLocation } from 'react-router';
import { CHARACTER_KEYS } from '@dwitunggal/contracts/characters';
import { inboxPath } from '@/config/paths';
import { InboxScreen } from '@/features/inbox/components/inbox-screen';
import { ModelActions } from '@/features/models/components/model-actions';
import { QueryProvider } from './query-cache';

/**
 * `/kotak-masuk/soekarno` and `/kotak-masuk/hatta` (admin only): the curators' inbox of the
 * figure the path names, with the retrain button of the model feature.
 */
export function InboxRoute() {
  const { pathname } = useLocation();
  const figure =
    CHARACTER_KEYS.find((key) => pathname.replace(/\/+$/, '') === inboxPath(key)) ?? 'soekarno';
  return (
    <QueryProvider>
      <InboxScreen
        figure={figure}
        headerActions={(notify) => <ModelActions figure={figure} notify={notify} />}
      />
    </QueryProvider>
  );
}
