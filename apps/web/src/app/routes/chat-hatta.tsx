import { ComingSoon } from '@/components/ui/coming-soon';
import { paths } from '@/config/paths';

/** `/chathatta`: placeholder until the chat issue lands. */
export function ChatHattaRoute() {
  return (
    <>
      <title>Tanya Bung Hatta · Dwitunggal</title>
      <ComingSoon
        eyebrow="Tanya Bung Hatta"
        title="Percakapan dengan Mohammad Hatta"
        description="Ruang percakapan dengan Mohammad Hatta sedang disiapkan. Sebentar lagi Anda dapat bertanya langsung dan mengumpulkan pencapaian dialog."
        backTo={paths.home}
      />
    </>
  );
}
