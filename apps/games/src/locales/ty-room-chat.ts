import type { enRoomChat } from './en-room-chat.ts';

/** Tagalog texts of a bingo room's chat. */
export const tyRoomChat: typeof enRoomChat = {
  roomChatTitle: 'Chat ng room',
  roomChatMessages: 'Mga mensahe sa chat',
  roomChatEmpty: 'Wala pang mensahe. Bumati ka!',
  roomChatYou: '{{name}} (ikaw)',
  roomChatInput: 'Ang mensahe mo',
  roomChatPlaceholder: 'Sumulat ng mensahe…',
  roomChatSend: 'Ipadala',
  roomChatSending: 'Ipinapadala…',
  roomChatCount: '{{count}} / {{max}}',
  roomChatSignIn: 'Mag-log in para makipag-chat. Mababasa ng mga bisita ang chat ng room.',
  roomChat_room_chat_text_empty: 'Sumulat muna ng mensahe.',
  roomChat_room_chat_text_too_long: 'Hanggang {{max}} na character lamang ang isang mensahe.',
  roomChat_room_chat_link_not_allowed: 'Bawal ang mga link at web address sa chat ng room.',
  roomChat_room_chat_phone_not_allowed: 'Bawal ang mga numero ng telepono sa chat ng room.',
};
