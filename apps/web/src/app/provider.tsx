import type { ReactNode } from 'react';
import { useAuthBootstrap } from '@/features/auth/hooks/use-auth-bootstrap';
import { OfflineNotice } from '@/features/network/components/offline-notice';
import { registerSessionHooks } from './session-hooks';

registerSessionHooks();

/** App-wide concerns outside the router: session bootstrap and the global offline notice. */
export function AppProvider({ children }: { children: ReactNode }) {
  useAuthBootstrap();
  return (
    <>
      {children}
      <OfflineNotice />
    </>
  );
}
