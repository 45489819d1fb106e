import type { KassaError } from '@kassa/api-client';
import { parseEuros, useDialogs } from '@kassa/ui';
import { useId, useState, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { get, type FieldValues, type RegisterOptions, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { placeServerLines } from './server-lines';

/** A bound of an amount, with the line a form shows past it. */
export interface CentsBound {
  cents: number;
  line: string;
}

/**
 * Euros as people type them, to integer cents (parseEuros, SPEC 5's lines), then within `min` and `max`; `empty` is
 * what an empty field means, where it may be left empty. Pipe it into a contract's cents where its lines are the form's.
 */
export function euros(opts: { negative?: boolean; zero?: boolean; min?: CentsBound; max?: CentsBound; empty?: number } = {}) {
  return z.string().transform((text, ctx) => {
    if (opts.empty !== undefined && !text.trim()) return opts.empty;
    const parsed = parseEuros(text, opts);
    const line = 'error' in parsed ? parsed.error : parsed.cents < (opts.min?.cents ?? -Infinity) ? opts.min?.line : parsed.cents > (opts.max?.cents ?? Infinity) ? opts.max?.line : undefined;
    if (line !== undefined) {
      ctx.addIssue({ code: 'custom', message: line });
      return z.NEVER;
    }
    return (parsed as { cents: number }).cents;
  });
}

/** One text through a schema as `{ cents }` or its first line as `{ error }`, for a check a page exports. */
export function centsOf(schema: z.ZodType<number, string>, text: string): { cents: number } | { error: string } {
  const result = schema.safeParse(text);
  return result.success ? { cents: result.data } : { error: result.error.issues[0]?.message ?? '' };
}

/** A registered field's props for a TextField: the input's binding and the line under it. */
export function field<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, name: Path<T>, options?: RegisterOptions<T, Path<T>>) {
  return { ...form.register(name, options), error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message };
}

/**
 * A refused save's lines for a form: each 422 line under the field it names (form.setError), the rest above the form
 * (`lines`, for FormLines). `clear` before each save.
 */
export function useServerLines<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  const [lines, setLines] = useState<string[]>([]);
  const dialogs = useDialogs();
  const refused = (err: KassaError, fields: readonly Path<T>[], title: string, taken?: Path<T>) => {
    if (err.status === 409 && taken) return form.setError(taken, { message: err.message });
    if (err.status !== 422 || !err.lines.length) return void dialogs.error(err, { title });
    const placed = placeServerLines(err, fields, {});
    for (const [name, line] of Object.entries(placed.fields) as [Path<T>, string][]) form.setError(name, { message: line });
    setLines(placed.other);
  };
  return {
    lines,
    clear: () => setLines([]),
    /** Shows lines above the form. */
    show: setLines,
    /** Places a 422; `fields` are the form's fields that show a line, `aliases` map a server name to a form's. */
    place: (err: KassaError, fields: readonly Path<T>[], aliases: Partial<Record<string, Path<T>>> = {}) => {
      const placed = placeServerLines(err, fields, aliases);
      for (const [name, line] of Object.entries(placed.fields) as [Path<T>, string][]) form.setError(name, { message: line });
      setLines(placed.other);
    },
    /** Puts one line under a field (a taken name, 409). */
    under: (name: Path<T>, line: string) => form.setError(name, { message: line }),
    /**
     * A refused save: a 422's lines where they belong, a taken name (409) under the `taken` field when there is one,
     * anything else in a dialog titled `title`.
     */
    refused,
    /**
     * The form's submit for a save: `save` the checked values; a refusal goes where it belongs (`refused`), the saved
     * record to `done`.
     */
    submit: <R,>(save: (values: O) => Promise<{ data?: R; error?: unknown }>, done: (saved: R) => void, fields: readonly Path<T>[], title: string, taken?: Path<T>) =>
      form.handleSubmit(
        async (values) => {
          setLines([]);
          const result = await save(values);
          if (result.error) return refused(result.error as KassaError, fields, title, taken);
          done(result.data as R);
        },
        () => setLines([]),
      ),
  };
}

/** A field's frame: its label, the control, the line under it. */
function FieldFrame({ id, label, error, children }: { id: string; label: ReactNode; error?: ReactNode; children: ReactNode }) {
  return (
    <div className="k-field">
      <label className="k-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? <span className="k-field__error">{error}</span> : null}
    </div>
  );
}

/** A labelled select with the line under it (a form's choice of category, kind, role). */
export function SelectField({ label, error, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: ReactNode; ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <FieldFrame id={select.id ?? id} label={label} error={error}>
      <select id={id} className="k-input" aria-invalid={error ? true : undefined} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** A select's options: each value with its label. */
export function Options<V extends string>({ values, label }: { values: readonly V[]; label: (value: V) => ReactNode }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

/** A select's options for records: each by its id, named by its name. */
export function RecordOptions({ records }: { records: readonly { id: string; name: string }[] }) {
  return records.map((r) => (
    <option key={r.id} value={r.id}>
      {r.name}
    </option>
  ));
}

/** A labelled text area with the line under it (an address, a note). */
export function TextAreaField({ label, error, ...area }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: ReactNode; ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <FieldFrame id={area.id ?? id} label={label} error={error}>
      <textarea id={id} aria-invalid={error ? true : undefined} {...area} className={`k-textarea${area.className ? ` ${area.className}` : ''}`} />
    </FieldFrame>
  );
}
