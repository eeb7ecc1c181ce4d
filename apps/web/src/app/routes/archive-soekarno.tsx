import { ArchiveScreen } from '@/features/archive/components/archive-screen';

/** `/crudsoekarno` (admin only): the archive (data management) of Soekarno. */
export function ArchiveSoekarnoRoute() {
  return <ArchiveScreen figure="soekarno" />;
}
