import type { HttpMethod, KassaRequest, QueryParams, TagType } from '@kassa/api-client';

/**
 * The admin's calls, one line each: `build.query<Result, Arg>(read(url, Schema, tags))` and
 * `build.mutation<Result, Arg>(send('POST', url, Schema, tags, body))`. The answer is checked against the contract's
 * schema (RTK Query's `responseSchema`); a read is cached under its tags and a change invalidates them.
 */
type Target<A> = string | ((arg: A) => string | KassaRequest);

/** A read's arguments, when they are an object, are its query string; a target function says otherwise. */
const fetchArgs = <A>(target: Target<A>, arg: A): KassaRequest => {
  if (typeof target !== 'string') {
    const made = target(arg);
    return typeof made === 'string' ? { url: made } : made;
  }
  return arg && typeof arg === 'object' ? { url: target, params: arg as QueryParams } : { url: target };
};

/** GET `target`. */
export const read = <A = void, S = unknown>(target: Target<A>, responseSchema: S, providesTags: TagType[]) => ({
  query: (arg: A) => fetchArgs(target, arg),
  responseSchema,
  providesTags,
});

/** `method` to `target`, with `body(arg)` as its body (none without it). */
export const send = <A = void, S = unknown>(method: HttpMethod, target: (arg: A) => string, responseSchema: S, invalidatesTags: TagType[], body?: (arg: A) => unknown) => ({
  query: (arg: A): KassaRequest => ({ url: target(arg), method, ...(body ? { body: body(arg) } : {}) }),
  responseSchema,
  invalidatesTags,
});

/** `{ id, body }`: PUT `<list>/<id>/` for a thing that exists, POST `<list>` for a new one (id null). */
export const save = <B, S>(list: string, responseSchema: S, invalidatesTags: TagType[]) => ({
  query: ({ id, body }: { id: string | null; body: B }): KassaRequest => (id ? { url: `${list}${id}/`, method: 'PUT', body } : { url: list, method: 'POST', body }),
  responseSchema,
  invalidatesTags,
});

/** DELETE `<list>/<id>/`. */
export const remove = <S>(list: string, responseSchema: S, invalidatesTags: TagType[]) => send('DELETE', (id: string) => `${list}${id}/`, responseSchema, invalidatesTags);

/** A paged list's arguments: the page, its size and the list's filters (null: not set). */
export type ListArgs<Filters = object> = { page: number; perPage: number } & Filters;

/** A path segment made safe for a URL. */
export const seg = (part: string) => encodeURIComponent(part);
