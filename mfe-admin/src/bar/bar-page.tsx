import type { KassaError } from '@kassa/api-client';
import { BarMenuBody, BarMenuCategory } from '@kassa/contracts';
import { Button, ListFallback, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useGetBarMenuQuery, useSaveBarMenuMutation } from '../products/products-api';
import { AdminPage } from '../shared/admin-page';
import { Notice, useNotice } from '../shared/notice';
import './bar.css';

/** The menu being edited: every category in menu order, each on or off; saved as the contract's ids of those on it. */
const MenuFields = z
  .object({ rows: z.array(BarMenuCategory) })
  .transform(({ rows }) => ({ categoryIds: rows.filter((r) => r.onMenu).map((r) => r.id) }))
  .pipe(BarMenuBody);

function MenuEditor({ saved, notice, setNotice }: { saved: BarMenuCategory[]; notice: string | null; setNotice: (notice: string) => void }) {
  const form = useForm({ resolver: zodResolver(MenuFields), defaultValues: { rows: saved } });
  // The field array's own key, so the categories' `id` stays theirs.
  const { fields, move } = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const onMenu = useWatch({ control: form.control, name: 'rows' }).map((r) => r.onMenu);
  const [save, { isLoading }] = useSaveBarMenuMutation();
  const dialogs = useDialogs();
  const dirty = form.formState.isDirty;

  const submit = form.handleSubmit(async ({ categoryIds }) => {
    const result = await save(categoryIds);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Saving the menu failed' });
    form.reset({ rows: result.data.categories });
    setNotice('The bar menu is saved. The screens on the wall show it within a minute.');
  });

  return (
    <div className="k-stack bar">
      <Notice text={notice} />
      <ol className="bar__list" aria-label="Categories on the bar menu, in order">
        {fields.map((r, i) => (
          <li key={r.key} className={`bar__row${onMenu[i] ? '' : ' bar__row--off'}`}>
            <span className="bar__swatch" style={{ background: r.colour }} aria-hidden="true" />
            <label className="k-checkbox bar__name">
              <input type="checkbox" {...form.register(`rows.${i}.onMenu`)} />
              <span>{r.name}</span>
            </label>
            <span className="k-muted bar__count">{r.products === 0 ? 'no products (not shown)' : `${r.products} product${r.products === 1 ? '' : 's'}`}</span>
            <Button disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${r.name} up`}>
              ↑
            </Button>
            <Button disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${r.name} down`}>
              ↓
            </Button>
          </li>
        ))}
      </ol>
      <div className="k-row">
        <Button variant="primary" disabled={!dirty || isLoading} onClick={() => void submit()}>
          Save menu
        </Button>
        <Button disabled={!dirty || isLoading} onClick={() => form.reset()}>
          Undo changes
        </Button>
      </div>
    </div>
  );
}

/**
 * /admin/bar (Bar Management): what the bar menu slide on the wall shows: which categories, in which order. The till
 * keeps every category in its own order (Categories). Written down in docs/decisions.md.
 */
export function BarPage() {
  const { data, error, isLoading, refetch } = useGetBarMenuQuery();
  // Kept here: saving refetches the menu, and the editor starts afresh from what was saved (its key).
  const [notice, setNotice] = useNotice();
  return (
    <AdminPage page="barManagement">
      {data ? (
        <MenuEditor key={JSON.stringify(data.categories.map((c) => [c.id, c.onMenu]))} saved={data.categories} notice={notice} setNotice={setNotice} />
      ) : (
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading the bar menu" onRetry={() => void refetch()} />
      )}
    </AdminPage>
  );
}
