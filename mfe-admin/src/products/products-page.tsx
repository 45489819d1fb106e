import type { KassaError } from '@kassa/api-client';
import type { AdminCategory, AdminProduct, AdminProductBody } from '@kassa/contracts';
import { Button, centsToInput, ConfirmModal, formatMoney, Money, Pager, parseEuros, TextField, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { AdminPage } from '../shared/admin-page';
import { ListTotal } from '../shared/filters';
import { actionsColumn, ListTable, type Column } from '../shared/list-table';
import { EditHistoryDelete } from '../shared/history-link';
import { SearchForm } from '../shared/search-form';
import { FormModal } from '../shared/form-modal';
import { FormLines, placeServerLines } from '../shared/server-lines';
import { useKeepPageInRange, useListParams } from '../shared/use-list-params';
import { ProductSales } from './product-sales';
import { useDeleteProductMutation, useGetAdminCategoriesQuery, useGetAdminProductsQuery, useSaveProductMutation } from './products-api';
import './products.css';

export const PAGE_SIZE = 15;
const MAX_PRICE_CENTS = 100_000;
const MAX_DEPOSIT_CENTS = 10_000;

/** A price as typed ("2,35") to cents, with the lines the server would answer. */
export function parsePrice(text: string): { cents: number } | { error: string } {
  const parsed = parseEuros(text, { zero: true, negative: true });
  if ('error' in parsed) return parsed;
  if (parsed.cents < 0) return { error: 'A price cannot be below € 0,00.' };
  if (parsed.cents > MAX_PRICE_CENTS) return { error: 'A price cannot be above € 1.000,00.' };
  return parsed;
}

/** A deposit as typed ("0,25"; empty for none) to cents, with the lines the server would answer. */
export function parseDeposit(text: string): { cents: number } | { error: string } {
  if (!text.trim()) return { cents: 0 };
  const parsed = parseEuros(text, { zero: true, negative: true });
  if ('error' in parsed) return parsed;
  if (parsed.cents < 0) return { error: 'A deposit cannot be below € 0,00.' };
  if (parsed.cents > MAX_DEPOSIT_CENTS) return { error: 'A deposit cannot be above € 100,00.' };
  return parsed;
}

interface Draft {
  name: string;
  price: string;
  categoryId: string;
  vatRate: '21' | '9' | '0';
  /** The deposit per unit in euros as typed; empty for none. */
  depositAmount: string;
  hidden: boolean;
}

const draftOf = (p: AdminProduct | null, categories: AdminCategory[]): Draft =>
  p
    ? { name: p.name, price: centsToInput(p.price), categoryId: p.categoryId, vatRate: String(p.vatRate) as Draft['vatRate'], depositAmount: p.depositAmount > 0 ? centsToInput(p.depositAmount) : '', hidden: p.hidden }
    : { name: '', price: '', categoryId: categories[0]?.id ?? '', vatRate: '21', depositAmount: '', hidden: false };

/** The create and edit form, in a modal; lines under the fields for what the server or the form refuses. */
function ProductForm({ product, categories, onDone }: { product: AdminProduct | null; categories: AdminCategory[]; onDone: (saved: AdminProduct | null) => void }) {
  const [draft, setDraft] = useState(() => draftOf(product, categories));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [otherLines, setOtherLines] = useState<string[]>([]);
  const [save, { isLoading }] = useSaveProductMutation();
  const dialogs = useDialogs();

  const submit = async () => {
    const price = parsePrice(draft.price);
    const deposit = parseDeposit(draft.depositAmount);
    const problems: Partial<Record<keyof Draft, string>> = {};
    if (!draft.name.trim()) problems.name = 'Please enter a name.';
    if ('error' in price) problems.price = price.error;
    if ('error' in deposit) problems.depositAmount = deposit.error;
    if (!draft.categoryId) problems.categoryId = 'Choose a category.';
    setErrors(problems);
    setOtherLines([]);
    if (Object.keys(problems).length || 'error' in price || 'error' in deposit) return;
    const body: AdminProductBody = {
      name: draft.name,
      price: price.cents,
      categoryId: draft.categoryId,
      vatRate: Number(draft.vatRate) as 0 | 9 | 21,
      depositAmount: deposit.cents,
      hidden: draft.hidden,
      position: product?.position ?? 0,
    };
    const result = await save({ id: product?.id ?? null, body });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422 && err.lines.length) {
        const placed = placeServerLines(err, ['name', 'price', 'categoryId', 'depositAmount'] as const);
        setErrors(placed.fields);
        return setOtherLines(placed.other);
      }
      return void dialogs.error(err, { title: 'Saving the product failed' });
    }
    onDone(result.data);
  };

  return (
    <FormModal title={product ? `Edit ${product.name}` : 'New product'} submitLabel="Save" busy={isLoading} onSubmit={submit} onCancel={() => onDone(null)}>
        <FormLines lines={otherLines} />
        <TextField label="Name" value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.target.value })} error={errors.name} autoFocus />
        <TextField label="Price (€)" inputMode="decimal" placeholder="2,35" value={draft.price} onChange={(e) => setDraft({ ...draft, price: e.target.value })} error={errors.price} />
        <div className="k-field">
          <label className="k-field__label" htmlFor="product-category">
            Category
          </label>
          <select id="product-category" className="k-input" value={draft.categoryId} onChange={(e) => setDraft({ ...draft, categoryId: e.target.value })}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.categoryId ? <span className="k-field__error">{errors.categoryId}</span> : null}
        </div>
        <div className="k-field">
          <label className="k-field__label" htmlFor="product-vat">
            VAT rate
          </label>
          <select id="product-vat" className="k-input" value={draft.vatRate} onChange={(e) => setDraft({ ...draft, vatRate: e.target.value as Draft['vatRate'] })}>
            <option value="21">21 % (drinks with alcohol, most goods)</option>
            <option value="9">9 % (soft drinks, food)</option>
            <option value="0">0 %</option>
          </select>
        </div>
        <TextField
          label="Deposit (€, statiegeld per unit)"
          inputMode="decimal"
          placeholder="0,25"
          hint="Charged on top of the price and paid back when the packaging is returned; empty for none."
          value={draft.depositAmount}
          onChange={(e) => setDraft({ ...draft, depositAmount: e.target.value })}
          error={errors.depositAmount}
        />
        <label className="k-checkbox">
          <input type="checkbox" checked={draft.hidden} onChange={(e) => setDraft({ ...draft, hidden: e.target.checked })} />
          <span>Hidden (not for sale; stays in past sales and counts)</span>
        </label>
    </FormModal>
  );
}

/**
 * /admin/products: products by name, 15 a page, with a name search and a category filter in the URL; create, edit,
 * hide, erase (never sold only, after confirming) and each product's sales: today, this year and the year chart.
 */
export function ProductsPage() {
  const { filters, page, go } = useListParams(['search', 'categoryId']);
  const query = useGetAdminProductsQuery({
    page,
    perPage: PAGE_SIZE,
    search: filters.search || null,
    categoryId: filters.categoryId || null,
  });
  const { data } = query;
  useKeepPageInRange(page, data?.pageCount, go);
  const categories = useGetAdminCategoriesQuery().data?.categories ?? [];
  const byId = new Map(categories.map((c) => [c.id, c]));
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [erasing, setErasing] = useState<AdminProduct | null>(null);
  const [salesOf, setSalesOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [erase] = useDeleteProductMutation();
  const dialogs = useDialogs();

  const columns: Column<AdminProduct>[] = [
    {
      header: 'Name',
      cellClassName: 'products__name',
      phone: 'start',
      cell: (p) => (
        <>
          {p.name}
          {p.hidden ? <span className="k-tag products__tag">Hidden</span> : null}
          {p.deposit ? <span className="k-tag k-tag--info products__tag">{p.depositAmount > 0 ? `Deposit ${formatMoney(p.depositAmount)}` : 'Deposit'}</span> : null}
        </>
      ),
    },
    {
      header: 'Category',
      phone: 'hide',
      cell: (p) => {
        const category = byId.get(p.categoryId);
        return (
          <>
            {category ? <span className="products__swatch" style={{ background: category.colour }} aria-hidden="true" /> : null}
            {category?.name ?? '—'}
          </>
        );
      },
    },
    { header: 'Price', className: 'k-num', phone: 'end', cell: (p) => <Money cents={p.price} tone="plain" /> },
    { header: 'VAT', phone: 'hide', cell: (p) => `${p.vatRate} %` },
    actionsColumn((p) => (
      <>
        <Button onClick={() => setSalesOf(salesOf === p.id ? null : p.id)} aria-expanded={salesOf === p.id} aria-label={`Sales of ${p.name}`}>
          Sales
        </Button>
        <EditHistoryDelete id={p.id} name={p.name} onEdit={() => setEditing(p)} onDelete={() => setErasing(p)} />
      </>
    )),
  ];

  const doErase = async (p: AdminProduct) => {
    setErasing(null);
    const result = await erase(p.id);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Deleting failed' });
    setNotice(`${p.name} is deleted.`);
  };


  return (
    <AdminPage
      title="Products"
      lead="Products with their price, category and deposit."
      actions={
        <Button variant="primary" onClick={() => setEditing('new')} disabled={categories.length === 0}>
          New product
        </Button>
      }
    >
      <div className="k-stack">
        <SearchForm label="Search by name" initial={filters.search ?? ''} onSearch={(search) => go({ search })} className="products__filters">
          <div className="k-field">
            <label className="k-field__label" htmlFor="products-category">
              Category
            </label>
            <select id="products-category" className="k-input" value={filters.categoryId ?? ''} onChange={(e) => go({ categoryId: e.target.value })}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <ListTotal total={data?.total} className="products__total" />
        </SearchForm>
        {notice ? (
          <div className="k-alert k-alert--success" role="status">
            {notice}
          </div>
        ) : null}
        <ListTable
          query={query}
          rows={data?.items}
          loadingLabel="Loading products"
          empty={filters.search || filters.categoryId ? 'No products match.' : 'No products yet.'}
          className="products__table"
          phone
          columns={columns}
          rowKey={(p) => p.id}
          below={(p) => (salesOf === p.id ? <ProductSales product={p} /> : null)}
        />
        <Pager page={page} pageCount={data?.pageCount ?? 0} onPage={(next) => go({ page: next })} />
      </div>
      {editing ? (
        <ProductForm
          product={editing === 'new' ? null : editing}
          categories={categories}
          onDone={(saved) => {
            if (saved) setNotice(`${saved.name} is saved at ${formatMoney(saved.price)}${saved.hidden ? ' (hidden)' : ''}. Tills show it within a minute.`);
            setEditing(null);
          }}
        />
      ) : null}
      {erasing ? (
        <ConfirmModal title={`Delete ${erasing.name}`} confirmLabel="Delete" variant="danger" onConfirm={() => void doErase(erasing)} onCancel={() => setErasing(null)}>
          <p>
            This erases {erasing.name} for good. A product that was ever sold cannot be erased, because past sales name it: hide it instead (Edit, Hidden).
          </p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
