import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useAuthorisedImage } from '../../../lib/authorised-image.ts';
import { type AdminReward, useRewards, useSaveReward } from '../api/point-mall.ts';

function RewardImage({ merchantCode, reward }: { merchantCode: string; reward: AdminReward }) {
  const { t } = useTranslation();
  const url = useAuthorisedImage(
    `/admin-api/merchants/${encodeURIComponent(merchantCode)}/points/rewards/${reward.id}/image?v=${encodeURIComponent(reward.updatedAt)}`,
  );
  if (!url) return null;
  return (
    <img
      src={url}
      alt={t('pointMall.catalogue.imageOf', { name: reward.names.EN })}
      width={56}
      height={56}
      style={{ objectFit: 'cover' }}
    />
  );
}

function RewardEditor({
  merchantCode,
  reward,
  onDone,
}: {
  merchantCode: string;
  reward: AdminReward | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveReward(merchantCode);
  const [nameEn, setNameEn] = useState(reward?.names.EN ?? '');
  const [nameTy, setNameTy] = useState(reward?.names.TY ?? '');
  const [points, setPoints] = useState(String(reward?.points ?? 100));
  const [stock, setStock] = useState(String(reward?.stock ?? 10));
  const [maxPerOrder, setMaxPerOrder] = useState(String(reward?.maxPerOrder ?? 5));
  const [active, setActive] = useState(reward?.active ?? true);
  const [image, setImage] = useState<File | null>(null);
  return (
    <form
      className="stack card"
      aria-label={reward ? t('pointMall.catalogue.edit') : t('pointMall.catalogue.add')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            id: reward?.id ?? null,
            body: {
              names: nameTy.trim() ? { EN: nameEn, TY: nameTy } : { EN: nameEn },
              points: Number(points),
              stock: Number(stock),
              maxPerOrder: Number(maxPerOrder),
              active,
              sort: reward?.sort ?? 0,
            },
            image,
          },
          { onSuccess: onDone },
        );
      }}
    >
      <h2>{reward ? t('pointMall.catalogue.edit') : t('pointMall.catalogue.add')}</h2>
      <div className="filters">
        <Field label={t('pointMall.catalogue.nameEn')}>
          <input
            className="input"
            value={nameEn}
            maxLength={80}
            required
            onChange={(e) => setNameEn(e.target.value)}
          />
        </Field>
        <Field label={t('pointMall.catalogue.nameTy')}>
          <input
            className="input"
            value={nameTy}
            maxLength={80}
            onChange={(e) => setNameTy(e.target.value)}
          />
        </Field>
      </div>
      <div className="filters">
        <Field label={t('pointMall.catalogue.points')}>
          <input
            className="input"
            inputMode="numeric"
            value={points}
            onChange={(e) => setPoints(e.target.value)}
          />
        </Field>
        <Field label={t('pointMall.catalogue.stock')}>
          <input
            className="input"
            inputMode="numeric"
            value={stock}
            onChange={(e) => setStock(e.target.value)}
          />
        </Field>
        <Field label={t('pointMall.catalogue.maxPerOrder')}>
          <input
            className="input"
            inputMode="numeric"
            value={maxPerOrder}
            onChange={(e) => setMaxPerOrder(e.target.value)}
          />
        </Field>
      </div>
      <label className="inline-field">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        {t('pointMall.catalogue.active')}
      </label>
      <Field label={t('pointMall.catalogue.image')} help={t('pointMall.catalogue.imageHelp')}>
        <input
          className="input"
          type="file"
          accept="image/png,image/jpeg"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </Field>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      <div className="filters">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('pointMall.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('pointMall.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The catalogue: every reward with its points, stock and picture; owners and content add and edit. */
export function PointCatalogue({ merchantCode, mayEdit }: { merchantCode: string; mayEdit: boolean }) {
  const { t } = useTranslation();
  const list = useRewards(merchantCode);
  const [editing, setEditing] = useState<AdminReward | 'new' | null>(null);
  if (editing !== null)
    return (
      <RewardEditor
        merchantCode={merchantCode}
        reward={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  const columns = [
    t('pointMall.catalogue.image'),
    t('pointMall.catalogue.name'),
    t('pointMall.catalogue.points'),
    t('pointMall.catalogue.stock'),
    t('pointMall.catalogue.active'),
    '',
  ];
  return (
    <div className="stack">
      {mayEdit ? (
        <div>
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            {t('pointMall.catalogue.add')}
          </button>
        </div>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <DataTable
          caption={t('pointMall.tabs.catalogue')}
          columns={columns}
          rows={list.data}
          empty={t('pointMall.catalogue.empty')}
          row={(r) => (
            <tr key={r.id}>
              <td data-label={columns[0]}>
                {r.hasImage ? <RewardImage merchantCode={merchantCode} reward={r} /> : '—'}
              </td>
              <td data-label={columns[1]}>
                {r.names.EN}
                {r.names.TY ? <div className="muted">{r.names.TY}</div> : null}
              </td>
              <td data-label={columns[2]}>{r.points}</td>
              <td data-label={columns[3]}>{r.stock}</td>
              <td data-label={columns[4]}>{r.active ? t('pointMall.yes') : t('pointMall.no')}</td>
              <td>
                {mayEdit ? (
                  <button type="button" className="button" onClick={() => setEditing(r)}>
                    {t('pointMall.catalogue.editOne', { name: r.names.EN })}
                  </button>
                ) : null}
              </td>
            </tr>
          )}
        />
      ) : null}
    </div>
  );
}
