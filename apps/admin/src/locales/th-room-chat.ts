import type { enRoomChat } from './en-room-chat.ts';

/** Thai strings of the bingo rooms' chat moderation (the live casino's Room chat tab). */
export const thRoomChat: typeof enRoomChat = {
  roomChatAdmin: {
    title: 'แชทห้องบิงโก',
    intro:
      'ข้อความของสมาชิกผู้ให้บริการเว็บรายนี้ในแชทของห้องบิงโก ล่าสุดอยู่ล่างสุด การซ่อนข้อความจะลบออกจากหน้าจอของผู้เล่นทุกคนทันที การปิดเสียงสมาชิกจะห้ามไม่ให้เขียนในห้องนี้ตามเวลาที่เลือก',
    room: 'ห้อง',
    roomOption: '{{code}} · {{name}} ({{count}} วันนี้)',
    noRooms: 'ยังไม่มีห้องบิงโก',
    muteFor: 'ปิดเสียงเป็นเวลา',
    minutes: { '10': '10 นาที', '60': '1 ชั่วโมง', '1440': '24 ชั่วโมง', '10080': '7 วัน' },
    messages: 'ข้อความของ {{room}}',
    empty: 'ไม่มีข้อความในห้องนี้',
    time: 'เวลา',
    member: 'สมาชิก',
    text: 'ข้อความ',
    shownAs: 'แสดงเป็น {{author}}',
    shown: 'แสดงอยู่',
    hiddenBy: 'ซ่อนโดย {{by}} เมื่อ {{at}}',
    hide: 'ซ่อน',
    hideLabel: 'ซ่อนข้อความของ {{member}}: {{text}}',
    mute: 'ปิดเสียง',
    muteLabel: 'ปิดเสียง {{member}} ในห้องนี้',
    unmute: 'ยกเลิกการปิดเสียง',
    unmuteLabel: 'ยกเลิกการปิดเสียงของ {{member}}',
    hidden: 'ซ่อนข้อความของ {{member}} แล้ว',
    muted: '{{member}} ถูกปิดเสียงในห้องนี้ {{minutes}} นาที',
    unmuted: '{{member}} เขียนในห้องนี้ได้อีกครั้ง',
    mutes: 'สมาชิกที่ถูกปิดเสียง',
    noMutes: 'ไม่มีใครถูกปิดเสียงในห้องนี้',
    until: 'จนถึง',
    by: 'ปิดเสียงโดย',
  },
};
