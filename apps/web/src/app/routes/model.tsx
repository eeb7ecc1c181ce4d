import { useLocation } from 'react-router';
import { figureOfPath } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ModelPage } from '@/features/models/components/model-page';
import { QueryProvider } from './query-cache';

/**
 * `/model/soekarno` and `/model/hatta` (login required): the model page of the figure the path
 * names; admins may activate versions.
 */
export function ModelRoute() {
  const figure = figureOfPath('model', useLocation().pathname);
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <QueryProvider>
      <ModelPage key={figure} figure={figure} isAdmin={isAdmin} />
    </QueryProvider>
  );
}
