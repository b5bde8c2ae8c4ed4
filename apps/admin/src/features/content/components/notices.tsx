import type { AnnouncementBody, NoticeBody } from '@tala/contracts/content';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { fieldError } from './shared.tsx';
import { TextItems } from './text-items.tsx';

type Scheduled = { id: number; live: boolean; createdAt: string; updatedAt: string };
type NoticeItem = NoticeBody & Scheduled;
type AnnouncementItem = AnnouncementBody & Scheduled;

const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const satisfies readonly AnnouncementBody['type'][];
const announcementGroups = [
  'player',
  'banners',
  'popup',
  'promotion',
  'agent',
] as const satisfies readonly AnnouncementBody['contentGroup'][];

/** The scrolling notice bar's notices. */
export function Notices({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  return (
    <TextItems<NoticeBody, NoticeItem>
      merchantCode={merchantCode}
      resource="notices"
      scheduled
      labels={{
        title: t('content.notices.title'),
        add: t('content.notices.add'),
        addTitle: t('content.notices.addTitle'),
        editTitle: t('content.notices.editTitle'),
        empty: t('content.notices.empty'),
        save: t('content.notices.save'),
      }}
      blank={{ texts: {}, startsAt: null, endsAt: null, enabled: true, sortOrder: 0 }}
      toBody={(n) => ({
        texts: n.texts,
        startsAt: n.startsAt,
        endsAt: n.endsAt,
        enabled: n.enabled,
        sortOrder: n.sortOrder,
      })}
    />
  );
}

/** Announcements by type and content group (the popup group shows once a login). */
export function Announcements({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  return (
    <TextItems<AnnouncementBody, AnnouncementItem>
      merchantCode={merchantCode}
      resource="announcements"
      scheduled
      labels={{
        title: t('content.announcements.title'),
        add: t('content.announcements.add'),
        addTitle: t('content.announcements.addTitle'),
        editTitle: t('content.announcements.editTitle'),
        empty: t('content.announcements.empty'),
        save: t('content.announcements.save'),
      }}
      blank={{
        type: 'B',
        contentGroup: 'player',
        platform: 'W',
        texts: {},
        startsAt: null,
        endsAt: null,
        enabled: true,
        sortOrder: 0,
      }}
      describe={(a) =>
        `${t(`content.announcements.types.${a.type}`)} · ${t(`content.announcements.groups.${a.contentGroup}`)}`
      }
      toBody={(a) => ({
        type: a.type,
        contentGroup: a.contentGroup,
        platform: a.platform,
        texts: a.texts,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        enabled: a.enabled,
        sortOrder: a.sortOrder,
      })}
      extra={(body, patch, error) => (
        <div className="grid-2">
          <Field label={t('content.announcements.type')} error={fieldError(error, 'type')}>
            <select
              className="input"
              value={body.type}
              onChange={(event) => patch({ type: event.target.value as AnnouncementBody['type'] })}
            >
              {announcementTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`content.announcements.types.${type}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('content.announcements.group')} error={fieldError(error, 'contentGroup')}>
            <select
              className="input"
              value={body.contentGroup}
              onChange={(event) =>
                patch({ contentGroup: event.target.value as AnnouncementBody['contentGroup'] })
              }
            >
              {announcementGroups.map((group) => (
                <option key={group} value={group}>
                  {t(`content.announcements.groups.${group}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
    />
  );
}
