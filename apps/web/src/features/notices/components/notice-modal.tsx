import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import type { Notice } from '../api/get-notices.ts';
import { formatDate } from './format-date.ts';

/** The notice modal (§2): one notice, with the way to the previous and next ones of the bar. */
export function NoticeModal({
  notices,
  index,
  onIndex,
  onClose,
}: {
  notices: readonly Notice[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = notices[index] ?? notices[0];
  if (!notice) return null;
  return (
    <ModalWrapper open onClose={onClose} title={t('notice.modalTitle')} size="medium">
      <article className="notice-modal" data-testid="notice-modal" data-notice-id={notice.id}>
        <h3 className="notice-modal__title">{notice.title}</h3>
        <p className="notice-modal__date">{formatDate(notice.publishedAt, language)}</p>
        <RichText html={notice.content} className="notice-modal__content" />
        {notices.length > 1 ? (
          <nav className="notice-modal__pager" aria-label={t('notice.pager')}>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={index === 0}
              onClick={() => onIndex(index - 1)}
            >
              <Icon name="chevronRight" size={16} className="icon-flip" />
              {t('notice.previous')}
            </button>
            <span className="notice-modal__count">
              {t('notice.position', { index: index + 1, count: notices.length })}
            </span>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={index >= notices.length - 1}
              onClick={() => onIndex(index + 1)}
            >
              {t('notice.next')}
              <Icon name="chevronRight" size={16} />
            </button>
          </nav>
        ) : null}
      </article>
    </ModalWrapper>
  );
}
