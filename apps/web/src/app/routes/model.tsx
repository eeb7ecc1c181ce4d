import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ModelPage } from '@/features/models/components/model-page';
import { FigureQueryRoute } from './query-cache';

/**
 * `/model/soekarno` and `/model/hatta` (login required): the model page of the figure the path
 * names; admins may activate versions.
 */
export function ModelRoute() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <FigureQueryRoute kind="model">
      {(figure) => <ModelPage key={figure} figure={figure} isAdmin={isAdmin} />}
    </FigureQueryRoute>
  );
}
