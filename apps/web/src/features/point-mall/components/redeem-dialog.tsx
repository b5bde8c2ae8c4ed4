import { REDEEM_REMARK_MAX, type Reward } from '@tala/contracts/points';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { newRequestId, pointMallApi } from '../api/point-mall-api.ts';

/** Redeem one reward: quantity, where to send it, a remark (at most 140) and the payment password. */
export function RedeemDialog({
  reward,
  balance,
  onClose,
}: {
  reward: Reward;
  balance: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'pointMall.redeem' });
  const id = useId();
  const client = useQueryClient();
  const [quantity, setQuantity] = useState(1);
  const [address, setAddress] = useState('');
  const [mobile, setMobile] = useState('');
  const [remark, setRemark] = useState('');
  const [password, setPassword] = useState('');
  const [requestId] = useState(newRequestId);
  const most = Math.max(1, Math.min(reward.maxPerOrder, reward.stock));
  const cost = reward.points * quantity;
  const send = useMutation({
    mutationFn: () =>
      pointMallApi.redeem({
        rewardId: reward.id,
        quantity,
        address,
        mobile,
        remark,
        paymentPassword: password,
        requestId,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [memberQueryRoot] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <ModalWrapper open onClose={onClose} title={t('title', { name: reward.name })} size="small">
      {send.isSuccess ? (
        <div className="pm-form">
          <p className="form-message form-message--success" role="status">
            {t('done', { points: send.data.points })}
          </p>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      ) : (
        <form className="pm-form" onSubmit={submit} aria-label={t('form')}>
          <p className="pm-form__cost">
            {t('cost', { points: cost })} · {t('balance', { points: balance })}
          </p>
          <label className="cform__label" htmlFor={`${id}-quantity`}>
            {t('quantity')}
          </label>
          <input
            id={`${id}-quantity`}
            className="cform__input"
            type="number"
            min={1}
            max={most}
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
            required
          />
          <label className="cform__label" htmlFor={`${id}-address`}>
            {t('address')}
          </label>
          <textarea
            id={`${id}-address`}
            className="cform__input"
            rows={2}
            maxLength={200}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            required
          />
          <label className="cform__label" htmlFor={`${id}-mobile`}>
            {t('mobile')}
          </label>
          <input
            id={`${id}-mobile`}
            className="cform__input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={32}
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            required
          />
          <label className="cform__label" htmlFor={`${id}-remark`}>
            {t('remark')}
          </label>
          <textarea
            id={`${id}-remark`}
            className="cform__input"
            rows={2}
            maxLength={REDEEM_REMARK_MAX}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            aria-describedby={`${id}-count`}
          />
          <span id={`${id}-count`} className="cform__hint">
            {t('count', { count: [...remark].length, max: REDEEM_REMARK_MAX })}
          </span>
          <label className="cform__label" htmlFor={`${id}-password`}>
            {t('paymentPassword')}
          </label>
          <input
            id={`${id}-password`}
            className="cform__input"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          {send.error ? (
            <p className="form-message form-message--error" role="alert">
              {send.error.message}
            </p>
          ) : null}
          <div className="pm-form__actions">
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {send.isPending ? t('sending') : t('submit')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalWrapper>
  );
}
