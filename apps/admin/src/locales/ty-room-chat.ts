import type { enRoomChat } from './en-room-chat.ts';

/** Tagalog strings of the bingo rooms' chat moderation. */
export const tyRoomChat: typeof enRoomChat = {
  roomChatAdmin: {
    title: 'Chat ng bingo room',
    intro:
      'Ang mga mensahe ng mga miyembro ng merchant na ito sa chat ng isang bingo room, pinakabago sa huli. Ang pagtago ng mensahe ay nag-aalis nito agad sa screen ng bawat manlalaro; ang pag-mute ng miyembro ay pumipigil sa kanyang pagsulat sa room na ito sa napiling tagal.',
    room: 'Room',
    roomOption: '{{code}} · {{name}} ({{count}} ngayong araw)',
    noRooms: 'Wala pang bingo room.',
    muteFor: 'I-mute nang',
    minutes: { '10': '10 minuto', '60': '1 oras', '1440': '24 oras', '10080': '7 araw' },
    messages: 'Mga mensahe ng {{room}}',
    empty: 'Walang mensahe sa room na ito.',
    time: 'Oras',
    member: 'Miyembro',
    text: 'Mensahe',
    shownAs: 'ipinapakita bilang {{author}}',
    shown: 'Nakikita',
    hiddenBy: 'Itinago ni {{by}}, {{at}}',
    hide: 'Itago',
    hideLabel: 'Itago ang mensahe ni {{member}}: {{text}}',
    mute: 'I-mute',
    muteLabel: 'I-mute si {{member}} sa room na ito',
    unmute: 'Alisin ang mute',
    unmuteLabel: 'Alisin ang mute ni {{member}}',
    hidden: 'Naitago ang mensahe ni {{member}}.',
    muted: 'Naka-mute si {{member}} sa room na ito nang {{minutes}} minuto.',
    unmuted: 'Makakasulat na ulit si {{member}} sa room na ito.',
    mutes: 'Mga naka-mute na miyembro',
    noMutes: 'Walang naka-mute sa room na ito.',
    until: 'Hanggang',
    by: 'Nag-mute',
  },
};
