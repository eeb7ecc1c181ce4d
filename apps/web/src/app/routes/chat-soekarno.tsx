import { ChatScreen } from '@/features/chat/components/chat-screen';

/** `/chatsoekarno` (spec section 2): chat with the first character. */
export function ChatSoekarnoRoute() {
  return <ChatScreen key="soekarno" characterKey="soekarno" />;
}
