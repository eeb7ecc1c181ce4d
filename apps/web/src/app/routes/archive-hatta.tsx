import { ArchiveScreen } from '@/features/archive/components/archive-screen';

/** `/crudhatta` (admin only): the archive (data management) of Hatta. */
export function ArchiveHattaRoute() {
  return <ArchiveScreen figure="hatta" />;
}
