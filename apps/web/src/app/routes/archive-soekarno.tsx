import { ArchiveScreen } from '@/features/archive/components/archive-screen';
import { InboxLink } from '@/features/inbox/components/inbox-link';
import { ModelActions } from '@/features/models/components/model-actions';
import { QueryProvider } from './query-cache';

/** `/crudsoekarno` (admin only): the archive (data management) of Soekarno, with the model actions. */
export function ArchiveSoekarnoRoute() {
  return (
    <QueryProvider>
      <ArchiveScreen
        figure="soekarno"
        headerActions={(notify) => (
          <>
            <InboxLink figure="soekarno" />
            <ModelActions figure="soekarno" notify={notify} />
          </>
        )}
      />
    </QueryProvider>
  );
}
