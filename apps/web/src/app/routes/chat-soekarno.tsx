import { ComingSoon } from '@/components/ui/coming-soon';
import { paths } from '@/config/paths';

/** `/chatsoekarno`: placeholder until the chat issue lands. */
export function ChatSoekarnoRoute() {
  return (
    <>
      <title>Tanya Bung Karno · Dwitunggal</title>
      <ComingSoon
        eyebrow="Tanya Bung Karno"
        title="Percakapan dengan Soekarno"
        description="Ruang percakapan dengan Soekarno sedang disiapkan. Sebentar lagi Anda dapat bertanya langsung dan mengumpulkan pencapaian dialog."
        backTo={paths.home}
      />
    </>
  );
}
