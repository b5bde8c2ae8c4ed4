import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ReportPager } from '../../../components/report-pager.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { announcementsQuery } from '../api/agent-api.ts';
import { ReportState } from './report-parts.tsx';

/** agentAnnouncement: the notices the operator addressed to agents, newest first. */
export function AgentAnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(announcementsQuery(pageNo));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <ReportState query={list}>
      {(data) =>
        data.list.length === 0 ? (
          <EmptyState
            icon="megaphone"
            headingLevel={2}
            title={t('agentCentre.empty.announcement.title')}
            line={t('agentCentre.empty.announcement.line')}
            action={null}
          />
        ) : (
          <div className="report">
            {data.list.map((item) => (
              <article key={item.id} className="agent-notice">
                <h2>{item.title}</h2>
                <p className="report__sub">{date.format(new Date(item.startsAt ?? item.createdAt))}</p>
                <RichText html={item.content} />
              </article>
            ))}
            <ReportPager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
          </div>
        )
      }
    </ReportState>
  );
}
