import { ComingSoon } from '@/components/ui/coming-soon';
import { paths } from '@/config/paths';

/** `/crudsoekarno` (admin only): placeholder until the archive issue lands. */
export function ArchiveSoekarnoRoute() {
  return (
    <>
      <title>Arsip Soekarno · Dwitunggal</title>
      <ComingSoon
        eyebrow="Arsip Soekarno"
        title="Pengelolaan data Soekarno"
        description="Halaman pengelolaan tag, contoh pertanyaan, dan jawaban Soekarno sedang disiapkan, bersama tombol pembaruan model."
        backTo={paths.home}
      />
    </>
  );
}
