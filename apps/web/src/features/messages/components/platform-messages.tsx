import './messages.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icons.tsx';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { messagesQuery, type PlatformMessage, readMessages } from '../api/messages-api.ts';

/**
 * Platform messages (the member centre's messageV2 page): the answers to the member's feedback among them. A message
 * opens in place and is marked read; its text is shown as text, never as HTML.
 */
export function PlatformMessages({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const baseId = useId();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
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
    setOpenId(openId === message.id ? null : message.id);
    if (!message.read && !read.isPending) read.mutate([message.id]);
  };

  if (messages.isPending)
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  if (messages.isError)
    return (
      <p className="cform__alert" role="alert">
        {messages.error.message}
      </p>
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
  return (
    <div className="messages">
      <ul className="messages__list">
        {list.map((message) => {
          const open = openId === message.id;
          return (
            <li
              key={message.id}
              className={`messages__item${message.read ? '' : ' messages__item--unread'}`}
              data-message-id={message.id}
            >
              <button
                type="button"
                className="messages__head"
                aria-expanded={open}
                aria-controls={`${baseId}-${message.id}`}
                onClick={() => toggle(message)}
              >
                {message.read ? null : (
                  <span className="messages__dot">
                    <span className="visually-hidden">{t('messages.unread')}</span>
                  </span>
                )}
                <span className="messages__title">{message.title}</span>
                <span className="messages__date">{format.format(new Date(message.createdAt))}</span>
                <Icon name="chevronDown" size={16} className="messages__chevron" />
              </button>
              <div id={`${baseId}-${message.id}`} className="messages__body" hidden={!open}>
                {message.content}
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
