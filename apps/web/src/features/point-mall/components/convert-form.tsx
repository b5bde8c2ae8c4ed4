import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { newRequestId, pointMallApi } from '../api/point-mall-api.ts';
import { useMoney } from './use-money.ts';

/** Points to cash at the merchant's rate; the cash lands in the main wallet at once. */
export function ConvertForm({
  conversion,
  balance,
}: {
  conversion: { cashPerPoint: number; minPoints: number };
  balance: number;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'pointMall.convert' });
  const id = useId();
  const format = useMoney();
  const client = useQueryClient();
  const [points, setPoints] = useState(conversion.minPoints);
  const [password, setPassword] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const send = useMutation({
    mutationFn: () => pointMallApi.convert({ points, paymentPassword: password, requestId }),
    onSuccess: () => {
      setRequestId(newRequestId());
      setPassword('');
      return client.invalidateQueries({ queryKey: [memberQueryRoot] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <form className="pm-convert" onSubmit={submit} aria-label={t('title')}>
      <h2>{t('title')}</h2>
      <p>{t('rate', { cash: format(100 * conversion.cashPerPoint), min: conversion.minPoints })}</p>
      <div className="pm-convert__fields">
        <div>
          <label className="cform__label" htmlFor={`${id}-points`}>
            {t('points')}
          </label>
          <input
            id={`${id}-points`}
            className="cform__input"
            type="number"
            min={conversion.minPoints}
            max={Math.max(balance, conversion.minPoints)}
            value={points}
            onChange={(e) => setPoints(Number(e.target.value))}
            required
          />
        </div>
        <div>
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
        </div>
      </div>
      <p className="cform__hint">
        {t('youGet', { cash: format(Math.max(0, points) * conversion.cashPerPoint) })}
      </p>
      {send.error ? (
        <p className="form-message form-message--error" role="alert">
          {send.error.message}
        </p>
      ) : send.isSuccess ? (
        <p className="form-message form-message--success" role="status">
          {t('done', { points: send.data.points, cash: format(send.data.cash) })}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
