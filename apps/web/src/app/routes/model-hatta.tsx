import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ModelPage } from '@/features/models/components/model-page';

/** `/model/hatta` (login required): the model page of Hatta; admins may activate versions. */
export function ModelHattaRoute() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  return <ModelPage figure="hatta" isAdmin={isAdmin} />;
}
