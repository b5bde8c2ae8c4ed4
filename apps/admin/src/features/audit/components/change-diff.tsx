import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diffDocuments, showValue } from '../../../lib/diff.ts';

/** The before/after of an audited change, key by key, changed keys highlighted; unchanged keys on request. */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const rows = diffDocuments(before, after);
  const changed = rows.filter((r) => r.changed);
  const shown = showAll ? rows : changed;
  return (
    <div className="diff">
      <div className="diff-toolbar">
        <span className="badge badge-changed">{t('audit.changedCount', { count: changed.length })}</span>
        {rows.length > changed.length ? (
          <label className="check" htmlFor={`${id}-all`}>
            <input
              id={`${id}-all`}
              type="checkbox"
              checked={showAll}
              onChange={(e) => setShowAll(e.target.checked)}
            />
            {t('audit.showUnchanged')}
          </label>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="muted">{t('audit.nothingChanged')}</p>
      ) : (
        <table className="diff-table">
          <thead>
            <tr>
              <th scope="col">{t('audit.key')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.path} className={row.changed ? 'diff-changed' : undefined}>
                <th scope="row" className="diff-key">
                  {row.path}
                  {row.changed ? <span className="visually-hidden"> ({t('audit.changed')})</span> : null}
                </th>
                <td data-label={t('audit.before')} className="diff-before">
                  {showValue(row.before)}
                </td>
                <td data-label={t('audit.after')} className="diff-after">
                  {showValue(row.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
