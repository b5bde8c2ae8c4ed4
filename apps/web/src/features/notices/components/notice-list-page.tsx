import './notices.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icons.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { type Notice, useNotices } from '../api/get-notices.ts';
import { formatDate } from './format-date.ts';

function NoticeItem({ notice, open, onToggle }: { notice: Notice; open: boolean; onToggle: () => void }) {
  const language = useLanguage();
  const bodyId = useId();
  return (
    <li className="notice-list__item" data-notice-id={notice.id}>
      <h2 className="notice-list__heading">
        <button
          type="button"
          className="notice-list__head"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="notice-list__title">{notice.title}</span>
          <span className="notice-list__date">{formatDate(notice.publishedAt, language)}</span>
          <Icon name="chevronRight" size={18} className="notice-list__chevron" />
        </button>
      </h2>
      <div id={bodyId} className="notice-list__body" hidden={!open}>
        {open ? <RichText html={notice.content} /> : null}
      </div>
    </li>
  );
}

/** /noticePage: every notice in effect, the first one open. */
export function NoticeListPage() {
  const { t } = useTranslation();
  const notices = useNotices();
  const [open, setOpen] = useState<number | null>(0);
  const list = notices.data?.list ?? [];
  if (notices.isPending)
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  if (notices.isError || list.length === 0)
    return (
      <EmptyState
        icon="megaphone"
        headingLevel={2}
        title={t(notices.isError ? 'notice.loadFailed' : 'notice.noneTitle')}
        line={t(notices.isError ? 'notice.loadFailedLine' : 'notice.noneLine')}
      />
    );
  return (
    <ul className="notice-list">
      {list.map((notice, index) => (
        <NoticeItem
          key={notice.id}
          notice={notice}
          open={open === index}
          onToggle={() => setOpen(open === index ? null : index)}
        />
      ))}
    </ul>
  );
}
