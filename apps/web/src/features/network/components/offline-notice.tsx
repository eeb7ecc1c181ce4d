import { useEffect, useState } from 'react';
import { CloseButton } from '@/components/ui/close-button';
import { IconWifiOff } from '@/components/ui/icons';
import { useOnlineStatus } from '../hooks/use-online-status';

/** Spec: while the browser is offline, a notice sits bottom-left. */
export const OFFLINE_MESSAGE = 'Upss!! sepertinya internet Anda bermasalah';

/**
 * The offline notice. Bottom-left from 1024 px (spec section 2), as narrow as the sidebar there;
 * on phones and tablets it sits over the app's top bar instead, so that the chat's input and
 * messages stay free (the tfjs chat keeps answering offline). The learner may close it; the next
 * offline event shows it again.
 */
export function OfflineNotice() {
  const online = useOnlineStatus();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const again = () => setDismissed(false);
    window.addEventListener('offline', again);
    return () => window.removeEventListener('offline', again);
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 top-1.5 z-[60] flex justify-center lg:inset-x-auto lg:top-auto lg:bottom-4 lg:left-4 lg:max-w-56"
    >
      {!online && !dismissed && (
        <div className="pointer-events-auto flex items-center gap-2.5 rounded-2xl border border-tinta-700 bg-tinta-900 py-1.5 pr-1.5 pl-2.5 text-sm leading-snug font-medium text-kertas-50 shadow-angkat animate-muncul lg:gap-3 lg:py-2 lg:pl-3">
          <span className="grid size-8 shrink-0 place-items-center rounded-full bg-merah-600 text-white lg:size-9">
            <IconWifiOff className="size-5" />
          </span>
          <span>{OFFLINE_MESSAGE}</span>
          <CloseButton
            label="Tutup pemberitahuan"
            onClick={() => setDismissed(true)}
            className="size-11 rounded-xl text-kertas-200 hover:bg-tinta-800 hover:text-white"
          />
        </div>
      )}
    </div>
  );
}
