import type { enRoomChat } from './en-room-chat.ts';

/** Simplified Chinese strings of the bingo rooms' chat moderation (the live casino's Room chat tab). */
export const cnRoomChat: typeof enRoomChat = {
  roomChatAdmin: {
    title: '宾果房间聊天',
    intro:
      '本商户会员在宾果房间聊天中发的消息，最新的在最后。隐藏消息会立即从所有玩家的屏幕上移除；禁言会员会在所选时间内阻止其在此房间发言。',
    room: '房间',
    roomOption: '{{code}} · {{name}}（今天 {{count}} 条）',
    noRooms: '还没有宾果房间。',
    muteFor: '禁言时长',
    minutes: { '10': '10 分钟', '60': '1 小时', '1440': '24 小时', '10080': '7 天' },
    messages: '{{room}} 的消息',
    empty: '此房间没有消息。',
    time: '时间',
    member: '会员',
    text: '消息',
    shownAs: '显示为 {{author}}',
    shown: '显示中',
    hiddenBy: '由 {{by}} 于 {{at}} 隐藏',
    hide: '隐藏',
    hideLabel: '隐藏 {{member}} 的消息：{{text}}',
    mute: '禁言',
    muteLabel: '在此房间禁言 {{member}}',
    unmute: '解除禁言',
    unmuteLabel: '解除 {{member}} 的禁言',
    hidden: '{{member}} 的消息已隐藏。',
    muted: '{{member}} 已在此房间被禁言 {{minutes}} 分钟。',
    unmuted: '{{member}} 可以再次在此房间发言。',
    mutes: '被禁言的会员',
    noMutes: '此房间没有被禁言的会员。',
    until: '截止',
    by: '禁言人',
  },
};
