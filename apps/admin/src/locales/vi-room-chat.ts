import type { enRoomChat } from './en-room-chat.ts';

/** Vietnamese strings of the bingo rooms' chat moderation (the live casino's Room chat tab). */
export const viRoomChat: typeof enRoomChat = {
  roomChatAdmin: {
    title: 'Trò chuyện phòng bingo',
    intro:
      'Tin nhắn của thành viên nhà điều hành này trong phòng trò chuyện bingo, mới nhất ở cuối. Ẩn một tin nhắn sẽ xóa nó khỏi màn hình của mọi người chơi ngay; cấm chat một thành viên sẽ ngăn họ viết trong phòng này trong thời gian đã chọn.',
    room: 'Phòng',
    roomOption: '{{code}} · {{name}} ({{count}} hôm nay)',
    noRooms: 'Chưa có phòng bingo nào.',
    muteFor: 'Cấm chat trong',
    minutes: { '10': '10 phút', '60': '1 giờ', '1440': '24 giờ', '10080': '7 ngày' },
    messages: 'Tin nhắn của {{room}}',
    empty: 'Phòng này chưa có tin nhắn.',
    time: 'Thời gian',
    member: 'Thành viên',
    text: 'Tin nhắn',
    shownAs: 'hiển thị là {{author}}',
    shown: 'Đang hiển thị',
    hiddenBy: '{{by}} đã ẩn, {{at}}',
    hide: 'Ẩn',
    hideLabel: 'Ẩn tin nhắn của {{member}}: {{text}}',
    mute: 'Cấm chat',
    muteLabel: 'Cấm chat {{member}} trong phòng này',
    unmute: 'Bỏ cấm chat',
    unmuteLabel: 'Bỏ cấm chat của {{member}}',
    hidden: 'Đã ẩn tin nhắn của {{member}}.',
    muted: '{{member}} bị cấm chat trong phòng này {{minutes}} phút.',
    unmuted: '{{member}} có thể viết lại trong phòng này.',
    mutes: 'Thành viên bị cấm chat',
    noMutes: 'Không ai bị cấm chat trong phòng này.',
    until: 'Đến',
    by: 'Người cấm',
  },
};
