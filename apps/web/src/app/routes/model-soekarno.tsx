import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ModelPage } from '@/features/models/components/model-page';
import { QueryProvider } from './query-cache';

/** `/model/soekarno` (login required): the model page of Soekarno; admins may activate versions. */
export function ModelSoekarnoRoute() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return (
    <QueryProvider>
      <ModelPage figure="soekarno" isAdmin={isAdmin} />
    </QueryProvider>
  );
}
