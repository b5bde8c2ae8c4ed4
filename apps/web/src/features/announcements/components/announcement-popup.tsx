import './announcements.css';
import { ANNOUNCEMENT_PAGE_SIZE } from '@tala/contracts/content-constants';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { type Announcement, announcementsQuery } from '../api/announcements-api.ts';

function AnnouncementTitles({
  list,
  openId,
  onToggle,
}: {
  list: readonly Announcement[];
  openId: number | null;
  onToggle: (id: number) => void;
}) {
  const baseId = useId();
  return (
    <ol className="announcements">
      {list.map((item) => {
        const open = item.id === openId;
        const bodyId = `${baseId}-${item.id}`;
        return (
          <li key={item.id} className="announcements__item" data-announcement-id={item.id}>
            <button
              type="button"
              className="announcements__title"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => onToggle(item.id)}
            >
              <span className={`announcements__type announcements__type--${item.type}`}>{item.type}</span>
              <span className="announcements__text">{item.title}</span>
              <Icon name="chevronDown" size={18} className="announcements__chevron" />
            </button>
            <div id={bodyId} className="announcements__body" hidden={!open}>
              {open ? <RichText html={item.content} /> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Pager({
  pageNo,
  totalPages,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages < 2) return null;
  return (
    <nav className="announcements__pager" aria-label={t('announcement.pager')}>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('announcement.previousPage')}
      </button>
      <span className="announcements__page" aria-live="polite">
        {t('announcement.page', { pageNo, totalPages })}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('announcement.nextPage')}
      </button>
    </nav>
  );
}

/**
 * The announcement popup (§2): titles, 9 a page, paged; a title opens its rich-text content and a second click on it
 * collapses it. `items` shows a given list (the popup group after login, paged here); without it the popup pages
 * through every announcement in effect, page by page from the server.
 */
export function AnnouncementPopup({
  items,
  onClose,
}: {
  items?: readonly Announcement[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const remote = useQuery({ ...announcementsQuery(language, pageNo), enabled: items === undefined });

  let list: readonly Announcement[] = [];
  let totalPages = 1;
  if (items) {
    totalPages = Math.max(1, Math.ceil(items.length / ANNOUNCEMENT_PAGE_SIZE));
    list = items.slice((pageNo - 1) * ANNOUNCEMENT_PAGE_SIZE, pageNo * ANNOUNCEMENT_PAGE_SIZE);
  } else if (remote.data) {
    list = remote.data.list;
    totalPages = Math.max(1, remote.data.totalPages);
  }

  return (
    <ModalWrapper open onClose={onClose} title={t('announcement.title')} size="medium">
      <div className="announcement-popup" data-testid="announcement-popup" data-page={pageNo}>
        {items === undefined && remote.isPending ? (
          <p className="page-status" role="status">
            {t('common.loading')}
          </p>
        ) : items === undefined && remote.isError ? (
          <p className="cform__alert" role="alert">
            {remote.error.message}
          </p>
        ) : list.length === 0 ? (
          <p className="page-status">{t('announcement.none')}</p>
        ) : (
          <AnnouncementTitles
            list={list}
            openId={openId}
            onToggle={(id) => setOpenId(openId === id ? null : id)}
          />
        )}
        <Pager
          pageNo={pageNo}
          totalPages={totalPages}
          onPage={(page) => {
            setPageNo(page);
            setOpenId(null);
          }}
        />
      </div>
    </ModalWrapper>
  );
}
