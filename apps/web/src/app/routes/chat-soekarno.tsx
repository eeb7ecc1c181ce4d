import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ChatScreen } from '@/features/chat/components/chat-screen';

/** `/chatsoekarno` (spec section 2): chat with the first character. */
export function ChatSoekarnoRoute() {
  const learnerId = useAuthStore((s) => s.user?.id);
  return <ChatScreen key="soekarno" characterKey="soekarno" learnerId={learnerId} />;
}
