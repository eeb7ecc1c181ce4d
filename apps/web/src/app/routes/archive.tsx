import { useLocation } from 'react-router';
import { figureOfPath } from '@/config/paths';
import { ArchiveScreen } from '@/features/archive/components/archive-screen';
import { InboxLink } from '@/features/inbox/components/inbox-link';
import { ModelActions } from '@/features/models/components/model-actions';
import { QueryProvider } from './query-cache';

/**
 * `/crudsoekarno` and `/crudhatta` (admin only): the archive (data management) of the figure the
 * path names, with the model actions.
 */
export function ArchiveRoute() {
  const figure = figureOfPath('archive', useLocation().pathname);
  return (
    <QueryProvider>
      <ArchiveScreen
        key={figure}
        figure={figure}
        headerActions={(notify) => (
          <>
            <InboxLink figure={figure} />
            <ModelActions figure={figure} notify={notify} />
          </>
        )}
      />
    </QueryProvider>
  );
}
