import { ArchiveScreen } from '@/features/archive/components/archive-screen';
import { InboxLink } from '@/features/inbox/components/inbox-link';
import { ModelActions } from '@/features/models/components/model-actions';
import { FigureQueryRoute } from './query-cache';

/**
 * `/crudsoekarno` and `/crudhatta` (admin only): the archive (data management) of the figure the
 * path names, with the model actions.
 */
export function ArchiveRoute() {
  return (
    <FigureQueryRoute kind="archive">
      {(figure) => (
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
      )}
    </FigureQueryRoute>
  );
}
