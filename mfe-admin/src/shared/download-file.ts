import { readAccessToken } from '@kassa/api-client';

/**
 * A file the server makes (a pain.008 file, an invoice PDF; not JSON): fetched with the session's token and handed to
 * the browser as a download named `fileName`. Answers the server's error message when it refuses, else null.
 */
export async function downloadFile(path: string, fileName: string): Promise<string | null> {
  const token = readAccessToken();
  const res = await fetch(new URL(path, window.location.href).toString(), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errorMessage?: string } | null;
    return body?.errorMessage ?? `Download failed (${res.status}).`;
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
