import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { NoticeListPage } from '../../features/notices/components/notice-list-page.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

const AnnouncementPopup = lazy(() =>
  import('../../features/announcements/components/announcement-popup.tsx').then((m) => ({
    default: m.AnnouncementPopup,
  })),
);

/** /noticePage: the notices, and the announcement popup with every announcement in effect. */
export function Component() {
  const { t } = useTranslation();
  const title = t('pages.noticePage.title');
  const [announcements, setAnnouncements] = useState(false);
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="megaphone" title={title}>
        <button type="button" className="btn btn-secondary" onClick={() => setAnnouncements(true)}>
          {t('announcement.open')}
        </button>
      </PageHeading>
      <NoticeListPage />
      {announcements ? (
        <Suspense fallback={null}>
          <AnnouncementPopup onClose={() => setAnnouncements(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
