import type { ReactNode } from 'react';

export type Tone = 'info' | 'positive' | 'warning' | 'negative' | 'plain';
export interface Tag {
  /** The tag's colour class (k-tag--info and the like; none for plain). */
  tone: string;
  label: string;
}

/**
 * Each status of a list with its tag: the tone groups say which colour each status gets; a status's label is its
 * name with a capital unless `labels` names it otherwise.
 */
export function statusTags<S extends string>(tones: Partial<Record<Tone, readonly S[]>>, labels: Partial<Record<S, string>> = {}): Record<S, Tag> {
  const tags = {} as Record<S, Tag>;
  for (const [tone, statuses] of Object.entries(tones) as [Tone, readonly S[]][]) {
    for (const s of statuses) tags[s] = { tone: tone === 'plain' ? '' : `k-tag--${tone}`, label: labels[s] ?? s.charAt(0).toUpperCase() + s.slice(1) };
  }
  return tags;
}

/** A status as its coloured tag (`children` in place of its label). */
export function StatusTag({ tag, className, children }: { tag: Tag; className?: string; children?: ReactNode }) {
  return <span className={['k-tag', tag.tone, className].filter(Boolean).join(' ')}>{children ?? tag.label}</span>;
}
