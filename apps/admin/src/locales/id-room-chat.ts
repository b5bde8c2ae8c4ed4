import type { enRoomChat } from './en-room-chat.ts';

/** Indonesian strings of the bingo rooms' chat moderation (the live casino's Room chat tab). */
export const idRoomChat: typeof enRoomChat = {
  roomChatAdmin: {
    title: 'Obrolan ruang bingo',
    intro:
      'Pesan member merchant ini di obrolan ruang bingo, terbaru di bawah. Menyembunyikan pesan langsung menghapusnya dari layar setiap pemain; membisukan member menghentikannya menulis di ruang ini selama waktu yang dipilih.',
    room: 'Ruang',
    roomOption: '{{code}} · {{name}} ({{count}} hari ini)',
    noRooms: 'Belum ada ruang bingo.',
    muteFor: 'Bisukan selama',
    minutes: { '10': '10 menit', '60': '1 jam', '1440': '24 jam', '10080': '7 hari' },
    messages: 'Pesan di {{room}}',
    empty: 'Tidak ada pesan di ruang ini.',
    time: 'Waktu',
    member: 'Member',
    text: 'Pesan',
    shownAs: 'ditampilkan sebagai {{author}}',
    shown: 'Tampil',
    hiddenBy: 'Disembunyikan oleh {{by}}, {{at}}',
    hide: 'Sembunyikan',
    hideLabel: 'Sembunyikan pesan {{member}}: {{text}}',
    mute: 'Bisukan',
    muteLabel: 'Bisukan {{member}} di ruang ini',
    unmute: 'Cabut bisu',
    unmuteLabel: 'Cabut bisu {{member}}',
    hidden: 'Pesan {{member}} disembunyikan.',
    muted: '{{member}} dibisukan di ruang ini selama {{minutes}} menit.',
    unmuted: '{{member}} boleh menulis lagi di ruang ini.',
    mutes: 'Member yang dibisukan',
    noMutes: 'Tidak ada yang dibisukan di ruang ini.',
    until: 'Sampai',
    by: 'Dibisukan oleh',
  },
};
