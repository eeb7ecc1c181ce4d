import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from '@/config/storage-keys';
import { hydrateWithLiveState } from '@/prerender/hydration';
import { BREAKPOINTS } from '@/config/breakpoints';
import { minWidth } from '@/lib/min-width';

const isDesktopWidth = () => minWidth(BREAKPOINTS.desktop).matches();

type UiState = {
  sidebarOpen: boolean;
  setSidebarOpen: (open: boolean) => void;
  toggleSidebar: () => void;
};

/**
 * UI state persisted in localStorage (spec section 3: sidebarOpen, version 1). Under 1024 px the
 * sidebar is a drawer that starts closed (the layout closes it on arrival too): starting open
 * there would open the drawer and move focus into it, only to close it again.
 */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      sidebarOpen: isDesktopWidth(),
      setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
      toggleSidebar: () => set((s) => ({ sidebarOpen: !s.sidebarOpen })),
    }),
    {
      name: storageKeys.ui,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ sidebarOpen: s.sidebarOpen }),
      merge: (persisted, current) => ({
        ...current,
        sidebarOpen:
          isDesktopWidth() &&
          ((persisted as Partial<UiState> | undefined)?.sidebarOpen ?? current.sidebarOpen),
      }),
    },
  ),
);

hydrateWithLiveState(useUiStore);
