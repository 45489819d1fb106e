import { validationLine, type KassaError } from '@kassa/api-client';

/** A refused save, split for the form: a line under each field the server named, the rest for above the form. */
export interface PlacedLines<F extends string> {
  fields: Partial<Record<F, string>>;
  other: string[];
}

/**
 * Puts each 422 detail line (SPEC 5) under the field its `loc` names: the first element after body, query or path.
 * `fields` are the form's fields that show a line; `aliases` maps a server name to the form's where they differ.
 * Lines about anything else, and an answer without detail, go in `other`, shown above the form.
 */
export function placeServerLines<F extends string>(err: KassaError, fields: readonly F[], aliases: Partial<Record<string, F>> = {}): PlacedLines<F> {
  if (!err.detail?.length) return { fields: {}, other: err.lines.length ? err.lines : [err.message] };
  const placed: Partial<Record<F, string[]>> = {};
  const other: string[] = [];
  for (const entry of err.detail) {
    const name = String(entry.loc[1] ?? '');
    const field = aliases[name] ?? (fields as readonly string[]).find((f) => f === name);
    const line = validationLine(entry);
    if (field) (placed[field as F] ??= []).push(line);
    else other.push(line);
  }
  const joined: Partial<Record<F, string>> = {};
  for (const [field, lines] of Object.entries(placed) as [F, string[]][]) joined[field] = lines.join(' ');
  return { fields: joined, other };
}

/** The lines of a refused save that are about no field of the form, above it. */
export function FormLines({ lines }: { lines: readonly string[] }) {
  if (!lines.length) return null;
  return (
    <div className="k-alert k-alert--error" role="alert">
      {lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </div>
  );
}
