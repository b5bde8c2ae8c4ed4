import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, headLabel } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import {
  type RoomChatOfficeMessage,
  useChatRooms,
  useHideMessage,
  useMuteMember,
  useRoomChat,
} from '../api/room-chat.ts';

/** The mute lengths offered, in minutes (the server takes any whole number up to 7 days). */
const muteChoices = [10, 60, 24 * 60, 7 * 24 * 60] as const;

/**
 * Moderation of the bingo rooms' chat (owners and support): one merchant's recent messages of a room, newest last,
 * with who wrote them; hiding one takes it off every player's screen at once; muting a member silences them in
 * this room for a while.
 */
export function RoomChatAdmin({ merchant }: { merchant: string }) {
  const { t, i18n } = useTranslation();
  const rooms = useChatRooms(merchant);
  const [picked, setPicked] = useState<string | null>(null);
  const room = picked ?? rooms.data?.list[0]?.code ?? null;
  const [minutes, setMinutes] = useState<number>(muteChoices[0]);
  const chat = useRoomChat(merchant, room);
  const hide = useHideMessage(merchant, room ?? '');
  const mute = useMuteMember(merchant, room ?? '');
  const [done, setDone] = useState<string | null>(null);

  const columns = [
    t('roomChatAdmin.time'),
    t('roomChatAdmin.member'),
    t('roomChatAdmin.text'),
    t('liveAdmin.status'),
    { label: t('liveAdmin.actions'), hidden: true as const },
  ];
  const label = (i: number) => headLabel(columns[i]);
  const memberName = (m: { username: string; memberId: number }) => `${m.username} (#${m.memberId})`;
  const error = hide.error ?? mute.error;

  const hideOne = (m: RoomChatOfficeMessage) =>
    hide.mutate(m.id, { onSuccess: () => setDone(t('roomChatAdmin.hidden', { member: m.username })) });
  const muteOne = (memberId: number, username: string, length: number) =>
    mute.mutate(
      { memberId, minutes: length },
      {
        onSuccess: () =>
          setDone(
            length === 0
              ? t('roomChatAdmin.unmuted', { member: username })
              : t('roomChatAdmin.muted', { member: username, minutes: length }),
          ),
      },
    );

  return (
    <section className="stack" aria-labelledby="room-chat-admin">
      <h2 id="room-chat-admin">{t('roomChatAdmin.title')}</h2>
      <p className="muted">{t('roomChatAdmin.intro')}</p>
      {rooms.isError ? <Notice tone="error">{rooms.error.message}</Notice> : null}
      {rooms.data && rooms.data.list.length === 0 ? (
        <Notice tone="info">{t('roomChatAdmin.noRooms')}</Notice>
      ) : null}
      <div className="filters">
        <Field label={t('roomChatAdmin.room')}>
          <select
            className="input"
            value={room ?? ''}
            onChange={(e) => {
              setPicked(e.target.value);
              setDone(null);
            }}
          >
            {(rooms.data?.list ?? []).map((r) => (
              <option key={r.code} value={r.code}>
                {t('roomChatAdmin.roomOption', { code: r.code, name: r.name, count: r.messagesToday })}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('roomChatAdmin.muteFor')}>
          <select className="input" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
            {muteChoices.map((choice) => (
              <option key={choice} value={choice}>
                {t(`roomChatAdmin.minutes.${String(choice) as '10' | '60' | '1440' | '10080'}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {error ? <Notice tone="error">{error.message}</Notice> : null}
      {chat.isError ? <Notice tone="error">{chat.error.message}</Notice> : null}
      <DataTable
        caption={t('roomChatAdmin.messages', { room: room ?? '' })}
        empty={chat.isPending && room !== null ? t('liveAdmin.loading') : t('roomChatAdmin.empty')}
        columns={columns}
        rows={chat.data?.list ?? []}
        row={(m) => (
          <tr key={m.id}>
            <td data-label={label(0)}>{formatDateTime(m.createdAt, i18n.language)}</td>
            <td data-label={label(1)}>
              {memberName(m)}
              <br />
              <span className="muted">{t('roomChatAdmin.shownAs', { author: m.author })}</span>
            </td>
            <td data-label={label(2)} style={{ overflowWrap: 'anywhere' }}>
              {m.text}
            </td>
            <td data-label={label(3)}>
              {m.hiddenAt ? (
                <span className="badge badge-off">
                  {t('roomChatAdmin.hiddenBy', {
                    by: m.hiddenBy ?? '',
                    at: formatDateTime(m.hiddenAt, i18n.language),
                  })}
                </span>
              ) : (
                <span className="badge badge-on">{t('roomChatAdmin.shown')}</span>
              )}
            </td>
            <td data-label={label(4)}>
              <div className="filters-actions">
                {m.hiddenAt ? null : (
                  <button
                    type="button"
                    className="button button-danger button-small"
                    disabled={hide.isPending}
                    onClick={() => hideOne(m)}
                    aria-label={t('roomChatAdmin.hideLabel', {
                      member: m.username,
                      text: m.text.slice(0, 40),
                    })}
                  >
                    {t('roomChatAdmin.hide')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button-small"
                  disabled={mute.isPending}
                  onClick={() => muteOne(m.memberId, m.username, minutes)}
                  aria-label={t('roomChatAdmin.muteLabel', { member: m.username })}
                >
                  {t('roomChatAdmin.mute')}
                </button>
              </div>
            </td>
          </tr>
        )}
      />
      <h3>{t('roomChatAdmin.mutes')}</h3>
      <DataTable
        caption={t('roomChatAdmin.mutes')}
        empty={t('roomChatAdmin.noMutes')}
        columns={[
          t('roomChatAdmin.member'),
          t('roomChatAdmin.until'),
          t('roomChatAdmin.by'),
          { label: t('liveAdmin.actions'), hidden: true as const },
        ]}
        rows={chat.data?.mutes ?? []}
        row={(u) => (
          <tr key={u.memberId}>
            <td data-label={t('roomChatAdmin.member')}>{memberName(u)}</td>
            <td data-label={t('roomChatAdmin.until')}>{formatDateTime(u.until, i18n.language)}</td>
            <td data-label={t('roomChatAdmin.by')}>{u.mutedBy}</td>
            <td data-label={t('liveAdmin.actions')}>
              <button
                type="button"
                className="button button-small"
                disabled={mute.isPending}
                onClick={() => muteOne(u.memberId, u.username, 0)}
                aria-label={t('roomChatAdmin.unmuteLabel', { member: u.username })}
              >
                {t('roomChatAdmin.unmute')}
              </button>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
