import { IconWifiOff } from '@/components/ui/icons';
import { useOnlineStatus } from '../hooks/use-online-status';

/** Spec: while the browser is offline, a notice sits bottom-left. */
export const OFFLINE_MESSAGE = 'Upss!! sepertinya internet Anda bermasalah';

export function OfflineNotice() {
  const online = useOnlineStatus();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 z-[60] max-w-[calc(100vw-2rem)]"
    >
      {!online && (
        <div className="pointer-events-auto flex items-center gap-3 rounded-2xl border border-tinta-700 bg-tinta-900 py-3 pr-5 pl-3.5 text-sm font-medium text-kertas-50 shadow-angkat animate-muncul">
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-merah-600 text-white">
            <IconWifiOff className="size-5" />
          </span>
          <span>{OFFLINE_MESSAGE}</span>
        </div>
      )}
    </div>
  );
}
