import type { MemberDetail } from '@tala/contracts/members';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMoveMember } from '../api/members.ts';

/** Owners move a member, with its whole downline, under another agent; the reason goes into the audit log. */
export function MoveMemberForm({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const move = useMoveMember(member.id);
  const [upline, setUpline] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<'upline' | 'reason' | null>(null);
  const failed = move.error instanceof ApiError ? move.error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!upline.trim()) return setMissing('upline');
    if (!reason.trim()) return setMissing('reason');
    setMissing(null);
    move.mutate(
      { uplineUsername: upline.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          setUpline('');
          setReason('');
        },
      },
    );
  }

  return (
    <section className="card section" aria-labelledby="member-move">
      <header className="section-header">
        <h2 id="member-move">{t('members.moveTitle')}</h2>
        <p className="muted">{t('members.moveHelp')}</p>
      </header>
      {move.isSuccess ? (
        <Notice tone="success">{t('members.moved', { upline: move.data.uplineAccount ?? '' })}</Notice>
      ) : null}
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label={t('members.newUpline')}
          error={
            missing === 'upline'
              ? t('members.newUplineRequired')
              : failed && failed.field !== 'reason'
                ? failed.message
                : undefined
          }
        >
          <input
            className="input"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            value={upline}
            onChange={(event) => setUpline(event.target.value)}
          />
        </Field>
        <Field
          label={t('members.moveReason')}
          error={
            missing === 'reason'
              ? t('members.moveReasonRequired')
              : failed?.field === 'reason'
                ? failed.message
                : undefined
          }
        >
          <textarea
            className="input"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        <div>
          <button type="submit" className="button button-primary" disabled={move.isPending}>
            {t('members.move')}
          </button>
        </div>
      </form>
    </section>
  );
}
