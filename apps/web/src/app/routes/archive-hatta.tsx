import { ArchiveScreen } from '@/features/archive/components/archive-screen';
import { InboxLink } from '@/features/inbox/components/inbox-link';
import { ModelActions } from '@/features/models/components/model-actions';
import { QueryProvider } from './query-cache';

/** `/crudhatta` (admin only): the archive (data management) of Hatta, with the model actions. */
export function ArchiveHattaRoute() {
  return (
    <QueryProvider>
      <ArchiveScreen
        figure="hatta"
        headerActions={(notify) => (
          <>
            <InboxLink figure="hatta" />
            <ModelActions figure="hatta" notify={notify} />
          </>
        )}
      />
    </QueryProvider>
  );
}
