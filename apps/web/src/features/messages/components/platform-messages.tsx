import './messages.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icons.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { messagesQuery, type PlatformMessage, readMessages, readOne } from '../api/messages-api.ts';

const keyOf = (message: PlatformMessage) => `${message.kind}-${message.id}`;

/**
 * Platform messages (the member centre's messageV2 page): the site's messages to the member (broadcasts), bonus news
 * and the answers to the member's feedback, newest first. A message opens in place and is marked read; plain text is
 * shown as text, rich text only after the browser sanitises it again.
 */
export function PlatformMessages({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const baseId = useId();
  const [pageNo, setPageNo] = useState(1);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const messages = useQuery(messagesQuery(token, pageNo));
  const read = useMutation({
    mutationFn: readMessages,
    onSuccess: () => {
      // The badge counts (GET /wps/member/counts) and the list are read again.
      void queryClient.invalidateQueries({ queryKey: [memberQueryRoot, token, 'counts'] });
      void queryClient.invalidateQueries({ queryKey: [memberQueryRoot, token, 'messages'] });
    },
  });
  const format = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' });

  const toggle = (message: PlatformMessage) => {
    const key = keyOf(message);
    setOpenKey(openKey === key ? null : key);
    if (!message.read && !read.isPending) read.mutate(readOne(message));
  };

  if (messages.isPending)
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  if (messages.isError)
    return (
      <div className="messages__error" role="alert">
        <p>{messages.error.message}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void messages.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  const list = messages.data.list;
  if (list.length === 0)
    return (
      <EmptyState
        icon="mail"
        headingLevel={2}
        title={t('messages.noneTitle')}
        line={t('messages.noneLine')}
        action={<span />}
      />
    );
  const anyUnread = list.some((message) => !message.read);
  return (
    <div className="messages">
      <div className="messages__toolbar">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!anyUnread || read.isPending}
          onClick={() => read.mutate({ all: true })}
        >
          {t('messages.readAll')}
        </button>
      </div>
      {read.isError ? (
        <p className="cform__alert" role="alert">
          {read.error.message}
        </p>
      ) : null}
      <ul className="messages__list">
        {list.map((message) => {
          const key = keyOf(message);
          const open = openKey === key;
          return (
            <li
              key={key}
              className={`messages__item${message.read ? '' : ' messages__item--unread'}`}
              data-message-id={message.id}
              data-message-kind={message.kind}
            >
              <button
                type="button"
                className="messages__head"
                aria-expanded={open}
                aria-controls={`${baseId}-${key}`}
                onClick={() => toggle(message)}
              >
                {message.read ? null : (
                  <span className="messages__dot">
                    <span className="visually-hidden">{t('messages.unread')}</span>
                  </span>
                )}
                <span className="messages__title">
                  <span className="messages__kind">{t(`messages.kind.${message.kind}`)}</span>
                  {message.title}
                </span>
                <span className="messages__date">{format.format(new Date(message.createdAt))}</span>
                <Icon name="chevronDown" size={16} className="messages__chevron" />
              </button>
              <div id={`${baseId}-${key}`} className="messages__body" hidden={!open}>
                {open && message.format === 'html' ? (
                  <RichText html={message.content} className="messages__rich" />
                ) : (
                  message.content
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {messages.data.totalPages > 1 ? (
        <nav className="messages__pager" aria-label={t('messages.pager')}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={pageNo <= 1}
            onClick={() => setPageNo(pageNo - 1)}
          >
            {t('announcement.previousPage')}
          </button>
          <span>{t('announcement.page', { pageNo, totalPages: messages.data.totalPages })}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={pageNo >= messages.data.totalPages}
            onClick={() => setPageNo(pageNo + 1)}
          >
            {t('announcement.nextPage')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
