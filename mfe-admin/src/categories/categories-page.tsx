import type { KassaError } from '@kassa/api-client';
import { AdminCategoryBody, AdminReasonBody, Colour, type AdminCategory, type AdminReason } from '@kassa/contracts';
import { Button, ListFallback, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  useDeleteCategoryMutation,
  useDeleteReasonMutation,
  useGetAdminCategoriesQuery,
  useGetAdminReasonsQuery,
  useSaveCategoryMutation,
  useSaveReasonMutation,
} from '../products/products-api';
import { ConfirmItem } from '../shared/confirm-item';
import { AdminPage, NewButton } from '../shared/admin-page';
import { FormModal } from '../shared/form-modal';
import { field, useServerLines } from '../shared/forms';
import { EditHistoryDelete, HistoryLink } from '../shared/history-link';
import { actionsColumn, ListTable, type Column } from '../shared/list-table';
import { Notice, useNotice } from '../shared/notice';
import { Section } from '../shared/section';
import { FormLines } from '../shared/server-lines';
import './categories.css';

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The category form's fields as typed: the contract's name and colour, the order as text (a bad one is 0). */
const CategoryFields = z.object({
  name: AdminCategoryBody.shape.name,
  colour: Colour,
  position: z.string().transform((p) => Math.max(0, Math.floor(Number(p)) || 0)),
});

/** The form's lines: what the server would refuse, said before sending. */
export function categoryProblems(name: string, colour: string): { name?: string; colour?: string } {
  const result = CategoryFields.safeParse({ name, colour, position: '0' });
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], i.message]));
}

function CategoryForm({ category, nextPosition, onDone }: { category: AdminCategory | null; nextPosition: number; onDone: (saved: AdminCategory | null) => void }) {
  const form = useForm({
    resolver: zodResolver(CategoryFields),
    reValidateMode: 'onSubmit',
    defaultValues: { name: category?.name ?? '', colour: category?.colour ?? '#1e88e5', position: String(category?.position ?? nextPosition) },
  });
  const server = useServerLines(form);
  const [save, { isLoading }] = useSaveCategoryMutation();
  const colour = useWatch({ control: form.control, name: 'colour' });

  const submit = server.submit((body) => save({ id: category?.id ?? null, body }), onDone, ['name', 'colour', 'position'], 'Saving the category failed', 'name');

  return (
    <FormModal title={category ? `Edit ${category.name}` : 'New category'} submitLabel="Save" busy={isLoading} lines={server.lines} onSubmit={() => submit()} onCancel={() => onDone(null)}>
      <TextField label="Name" maxLength={50} {...field(form, 'name')} autoFocus />
      <div className="k-row categories__colour">
        <TextField label="Colour" {...field(form, 'colour')} hint="As #rrggbb; the till paints the category's tiles in it." />
        <input type="color" aria-label="Pick a colour" value={COLOUR.test(colour) ? colour.toLowerCase() : '#000000'} onChange={(e) => form.setValue('colour', e.target.value)} />
      </div>
      <TextField label="Order on the till" inputMode="numeric" {...field(form, 'position')} hint="Lower comes first." />
    </FormModal>
  );
}

const ReasonFields = z.object({ name: AdminReasonBody.shape.name });

/** The "other" payment reasons: add, rename, remove (past sales keep the reason they were paid with, as text). */
function Reasons() {
  const { data, error, isLoading, refetch } = useGetAdminReasonsQuery();
  const [save, { isLoading: saving }] = useSaveReasonMutation();
  const [remove] = useDeleteReasonMutation();
  const dialogs = useDialogs();
  const form = useForm({ resolver: zodResolver(ReasonFields), reValidateMode: 'onSubmit', defaultValues: { name: '' } });
  const server = useServerLines(form);
  const [removing, setRemoving] = useState<AdminReason | null>(null);

  const add = form.handleSubmit(async ({ name }) => {
    server.clear();
    const result = await save({ id: null, body: { name, position: data?.reasons.length ?? 0 } });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status !== 422) return server.under('name', err.message);
      return server.place(err, ['name']);
    }
    form.reset();
  }, server.clear);

  const rename = async (r: AdminReason) => {
    const next = await dialogs.prompt({ title: `Rename ${r.name}`, text: 'Past sales keep the name they were paid with.', label: 'Reason', initialValue: r.name });
    if (next === null || !next.trim() || next.trim() === r.name) return;
    const result = await save({ id: r.id, body: { name: next, position: r.position } });
    if (result.error) void dialogs.error(result.error as KassaError, { title: 'Renaming failed' });
  };

  const doRemove = async (r: AdminReason) => {
    const result = await remove(r.id);
    if (result.error) void dialogs.error(result.error as KassaError, { title: 'Removing failed' });
  };

  return (
    <Section id="reasons-title" title="Other-payment reasons" className="k-card k-stack" headingClassName="categories__heading">
      <p className="k-muted">What the till offers under Other (Anders voldaan), in this order.</p>
      {data ? (
        data.reasons.length === 0 ? (
          <p className="k-empty">No reasons yet: the till cannot take Other payments.</p>
        ) : (
          <ul className="categories__reasons">
            {data.reasons.map((r) => (
              <li key={r.id} className="k-row">
                <span className="categories__reason-name">{r.name}</span>
                <span className="categories__reason-actions">
                  <Button onClick={() => void rename(r)} aria-label={`Rename ${r.name}`}>
                    Rename
                  </Button>
                  <HistoryLink id={r.id} name={r.name} />
                  <Button variant="danger" onClick={() => setRemoving(r)} aria-label={`Remove ${r.name}`}>
                    Remove
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )
      ) : (
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading reasons" onRetry={() => void refetch()} />
      )}
      <FormLines lines={server.lines} />
      <form className="k-row categories__add" onSubmit={(e) => void add(e)} noValidate>
        <TextField label="New reason" maxLength={80} {...field(form, 'name')} />
        <Button type="submit" disabled={saving}>
          Add reason
        </Button>
      </form>
      <ConfirmItem item={removing} title={(r) => `Remove ${r.name}`} confirmLabel="Remove" variant="danger" text={reasonRemovalText} onConfirm={doRemove} onClose={() => setRemoving(null)} />
    </Section>
  );
}

/** What removing a reason does, said before it is done. */
const reasonRemovalText = (r: AdminReason) => `The till stops offering ${r.name} under Other. Past sales keep it as their reason.`;

/** What deleting a category does, or why it cannot be deleted yet. */
const categoryDeletionText = (c: AdminCategory) =>
  c.productCount > 0 ? `${c.name} still holds ${c.productCount} product${c.productCount === 1 ? '' : 's'}, so it cannot be deleted: move or delete them first.` : `This deletes the empty category ${c.name}.`;

/**
 * /admin/categories: the till's categories in order, with colour and number of products; create, edit, delete (only
 * when empty, after confirming); and the other-payment reasons below.
 */
export function CategoriesPage() {
  const query = useGetAdminCategoriesQuery();
  const { data } = query;
  const [remove] = useDeleteCategoryMutation();
  const dialogs = useDialogs();
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminCategory | null>(null);
  const [notice, setNotice] = useNotice();
  const categories = data?.categories ?? [];

  const columns: Column<AdminCategory>[] = [
    { header: 'Name', cellClassName: 'categories__name', phone: 'start', cell: (c) => c.name },
    {
      header: 'Colour',
      phone: 'hide',
      cell: (c) => (
        <>
          <span className="categories__swatch" style={{ background: c.colour }} aria-hidden="true" />
          <span className="k-mono">{c.colour}</span>
        </>
      ),
    },
    { header: 'Order', className: 'k-num', phone: 'hide', cell: (c) => c.position },
    { header: 'Products', className: 'k-num', phone: 'hide', cell: (c) => c.productCount },
    actionsColumn((c) => <EditHistoryDelete id={c.id} name={c.name} onEdit={() => setEditing(c)} onDelete={() => setRemoving(c)} />),
  ];

  const doRemove = async (c: AdminCategory) => {
    const result = await remove(c.id);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Deleting failed' });
    setNotice(`${c.name} is deleted.`);
  };

  return (
    <AdminPage page="categories" actions={<NewButton label="New category" onClick={() => setEditing('new')} />}>
      <div className="k-stack">
        <Notice text={notice} />
        <ListTable query={query} rows={data?.categories} loadingLabel="Loading categories" empty="No categories yet." className="categories__table" phone columns={columns} />
        <Reasons />
      </div>
      {editing ? (
        <CategoryForm
          category={editing === 'new' ? null : editing}
          nextPosition={categories.reduce((max, c) => Math.max(max, c.position + 1), 0)}
          onDone={(saved) => {
            if (saved) setNotice(`${saved.name} is saved. Tills show it within a minute.`);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmItem item={removing} title={(c) => `Delete ${c.name}`} confirmLabel="Delete" variant="danger" text={categoryDeletionText} onConfirm={doRemove} onClose={() => setRemoving(null)} />
    </AdminPage>
  );
}
