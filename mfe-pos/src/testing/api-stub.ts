import { stubApi as stubApiCalls, type ApiCall } from '@kassa/api-client/testing';

export { fail, json, ok } from '@kassa/api-client/testing';
export type Call = ApiCall;

/** Answers the till's API calls by "METHOD /path" (path without /api); records every call. Unknown routes answer 404. */
export const stubApi = (routes: Parameters<typeof stubApiCalls>[0]): Call[] => stubApiCalls(routes, { prefix: '/api' });
