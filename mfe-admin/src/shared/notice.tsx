import { useState } from 'react';

/** What a page just did, above its content (a save, a delete), or why it could not (`tone` error); or nothing. */
export function Notice({ text, tone = 'success' }: { text: string | null; tone?: 'success' | 'info' | 'error' }) {
  if (!text) return null;
  return (
    <div className={`k-alert k-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {text}
    </div>
  );
}

/** A page's notice and the way to say one (null: none). */
export const useNotice = () => useState<string | null>(null);
