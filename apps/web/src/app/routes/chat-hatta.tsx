import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ChatScreen } from '@/features/chat/components/chat-screen';

/** `/chathatta` (spec section 2): chat with the second character. */
export function ChatHattaRoute() {
  const learnerId = useAuthStore((s) => s.user?.id);
  return <ChatScreen key="hatta" characterKey="hatta" learnerId={learnerId} />;
}
