/** English texts of a bingo room's chat (features/bingo/room-chat.tsx); ty-room-chat.ts has the same keys. */
export const enRoomChat = {
  roomChatTitle: 'Room chat',
  roomChatMessages: 'Chat messages',
  roomChatEmpty: 'No messages yet. Say hello!',
  roomChatYou: '{{name}} (you)',
  roomChatInput: 'Your message',
  roomChatPlaceholder: 'Write a message…',
  roomChatSend: 'Send',
  roomChatSending: 'Sending…',
  roomChatCount: '{{count}} / {{max}}',
  roomChatSignIn: 'Log in to chat. Guests can read the room’s chat.',
  roomChat_room_chat_text_empty: 'Write a message first.',
  roomChat_room_chat_text_too_long: 'A message can have at most {{max}} characters.',
  roomChat_room_chat_link_not_allowed: 'Links and web addresses are not allowed in the room chat.',
  roomChat_room_chat_phone_not_allowed: 'Phone numbers are not allowed in the room chat.',
};
