import { ChatScreen } from '@/features/chat/components/chat-screen';

/** `/chathatta` (spec section 2): chat with the second character. */
export function ChatHattaRoute() {
  return <ChatScreen key="hatta" characterKey="hatta" />;
}
