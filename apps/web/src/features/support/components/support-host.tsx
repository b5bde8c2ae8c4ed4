import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  chatKindOfPath,
  closeChat,
  openChat,
  setServiceOpen,
  useChatOpen,
  useServiceOpen,
} from '../lib/chat-store.ts';

const ChatRoom = lazy(() => import('./chat-room.tsx').then((m) => ({ default: m.ChatRoom })));
const ServicePopup = lazy(() => import('./service-popup.tsx').then((m) => ({ default: m.ServicePopup })));

/**
 * Hosts the chat room and the customer-service popup on every page and loads their code on demand. A link carrying
 * `?chat=1` (the merchant's live-chat path) or `?chat=vip` opens the room, and the parameter leaves the address.
 */
export function SupportHost({ token }: { token: string | null }) {
  const chat = useChatOpen();
  const service = useServiceOpen();
  const [search, setSearch] = useSearchParams();
  const chatParam = search.get('chat');

  useEffect(() => {
    if (chatParam === null) return;
    openChat(chatKindOfPath(`?chat=${chatParam}`) ?? 'live');
    const rest = new URLSearchParams(search);
    rest.delete('chat');
    setSearch(rest, { replace: true });
  }, [chatParam, search, setSearch]);

  return (
    <Suspense fallback={null}>
      {chat ? <ChatRoom kind={chat} token={token} onClose={closeChat} /> : null}
      {service && !chat ? <ServicePopup token={token} onClose={() => setServiceOpen(false)} /> : null}
    </Suspense>
  );
}
