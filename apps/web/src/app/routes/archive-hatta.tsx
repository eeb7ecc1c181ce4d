import { ComingSoon } from '@/components/ui/coming-soon';
import { paths } from '@/config/paths';

/** `/crudhatta` (admin only): placeholder until the archive issue lands. */
export function ArchiveHattaRoute() {
  return (
    <>
      <title>Arsip Hatta · Dwitunggal</title>
      <ComingSoon
        eyebrow="Arsip Hatta"
        title="Pengelolaan data Hatta"
        description="Halaman pengelolaan tag, contoh pertanyaan, dan jawaban Hatta sedang disiapkan, bersama tombol pembaruan model."
        backTo={paths.home}
      />
    </>
  );
}
