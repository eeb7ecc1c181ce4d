import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ModelPage } from '@/features/models/components/model-page';
import { QueryProvider } from './query-cache';

/** `/model/hatta` (login required): the model page of Hatta; admins may activate versions. */
export function ModelHattaRoute() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <QueryProvider>
      <ModelPage figure="hatta" isAdmin={isAdmin} />
    </QueryProvider>
  );
}
