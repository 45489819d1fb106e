import type { KassaError } from '@kassa/api-client';
import type { BarMenuCategory } from '@kassa/contracts';
import { Button, ListFallback, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { useGetBarMenuQuery, useSaveBarMenuMutation } from '../products/products-api';
import { AdminPage } from '../shared/admin-page';
import { Notice } from '../shared/notice';
import './bar.css';

/** The menu being edited: categories in menu order, each on or off. */
function MenuEditor({ saved, notice, setNotice }: { saved: BarMenuCategory[]; notice: string | null; setNotice: (notice: string) => void }) {
  const [rows, setRows] = useState(saved);
  const [save, { isLoading }] = useSaveBarMenuMutation();
  const dialogs = useDialogs();
  const dirty = JSON.stringify(rows.map((r) => [r.id, r.onMenu])) !== JSON.stringify(saved.map((r) => [r.id, r.onMenu]));

  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    setRows(next);
  };
  const toggle = (id: string, onMenu: boolean) => setRows(rows.map((r) => (r.id === id ? { ...r, onMenu } : r)));
  const submit = async () => {
    const result = await save(rows.filter((r) => r.onMenu).map((r) => r.id));
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Saving the menu failed' });
    setRows(result.data.categories);
    setNotice('The bar menu is saved. The screens on the wall show it within a minute.');
  };

  return (
    <div className="k-stack bar">
      <Notice text={notice} />
      <ol className="bar__list" aria-label="Categories on the bar menu, in order">
        {rows.map((r, i) => (
          <li key={r.id} className={`bar__row${r.onMenu ? '' : ' bar__row--off'}`}>
            <span className="bar__swatch" style={{ background: r.colour }} aria-hidden="true" />
            <label className="k-checkbox bar__name">
              <input type="checkbox" checked={r.onMenu} onChange={(e) => toggle(r.id, e.target.checked)} />
              <span>{r.name}</span>
            </label>
            <span className="k-muted bar__count">{r.products === 0 ? 'no products (not shown)' : `${r.products} product${r.products === 1 ? '' : 's'}`}</span>
            <Button disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${r.name} up`}>
              ↑
            </Button>
            <Button disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${r.name} down`}>
              ↓
            </Button>
          </li>
        ))}
      </ol>
      <div className="k-row">
        <Button variant="primary" disabled={!dirty || isLoading} onClick={() => void submit()}>
          Save menu
        </Button>
        <Button disabled={!dirty || isLoading} onClick={() => setRows(saved)}>
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
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <AdminPage title="Bar Management" lead="The bar menu slide on the wall: which categories it shows, and in what order.">
      {data ? (
        <MenuEditor key={JSON.stringify(data.categories.map((c) => [c.id, c.onMenu]))} saved={data.categories} notice={notice} setNotice={setNotice} />
      ) : (
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading the bar menu" onRetry={() => void refetch()} />
      )}
    </AdminPage>
  );
}
