import type { ChatConversation, ChatMessage } from '@tala/contracts/support';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Pager } from '../../../components/pager.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { Page } from '../../../lib/page.ts';
import { Bubble } from './chat-console.tsx';

/** Closed chats (GET /admin-api/support/chat/conversations?status=closed) and the messages of one. */
export function ChatHistory() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'chat', 'closed', pageNo],
    queryFn: ({ signal }) =>
      api<Page<ChatConversation>>('/admin-api/support/chat/conversations', {
        signal,
        query: { status: 'closed', pageNo, pageSize: 20 },
      }),
    placeholderData: keepPreviousData,
  });
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="stack">
      {list.data.list.length === 0 ? <p className="card empty">{t('chat.noHistory')}</p> : null}
      <ul className="item-list">
        {list.data.list.map((c) => (
          <li key={c.id} className="item">
            <div className="item-main">
              <strong>{c.visitorName}</strong>{' '}
              {c.vip ? <span className="badge badge-vip">{t('chat.vip')}</span> : null}{' '}
              <span className="muted">
                · {t(`chat.kinds.${c.visitorKind}`)} · {c.merchantCode} · {c.operatorName ?? '—'} ·{' '}
                {formatDateTime(c.createdAt, currentLocale())}
              </span>
              {openId === c.id ? <Transcript id={c.id} /> : null}
            </div>
            <button
              type="button"
              className="button button-small"
              aria-expanded={openId === c.id}
              onClick={() => setOpenId(openId === c.id ? null : c.id)}
            >
              {openId === c.id ? t('chat.hideTranscript') : t('chat.showTranscript')}
            </button>
          </li>
        ))}
      </ul>
      <Pager
        pageNo={list.data.pageNo}
        totalPages={list.data.totalPages}
        total={list.data.total}
        onPage={setPageNo}
      />
    </div>
  );
}

function Transcript({ id }: { id: number }) {
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  return (
    <div className="chat-log">
      {pages
        .map((beforeId, index) => (
          <TranscriptPage
            key={beforeId ?? 'latest'}
            id={id}
            beforeId={beforeId}
            onEarlier={index === pages.length - 1 ? (first) => setPages((p) => [...p, first]) : undefined}
          />
        ))
        .reverse()}
    </div>
  );
}

function TranscriptPage({
  id,
  beforeId,
  onEarlier,
}: {
  id: number;
  beforeId: number | undefined;
  onEarlier: ((firstId: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'chat', 'messages', id, beforeId ?? null],
    queryFn: ({ signal }) =>
      api<{ messages: ChatMessage[]; hasMore: boolean }>(
        `/admin-api/support/chat/conversations/${id}/messages`,
        {
          signal,
          query: { beforeId },
        },
      ),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const first = query.data.messages[0];
  return (
    <>
      {query.data.hasMore && onEarlier && first ? (
        <button type="button" className="button button-small" onClick={() => onEarlier(first.id)}>
          {t('chat.earlier')}
        </button>
      ) : null}
      {query.data.messages.map((m) => (
        <Bubble key={m.id} message={m} seen={false} />
      ))}
    </>
  );
}
