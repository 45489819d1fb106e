/** What a page just did, above its content (a save, a delete), or nothing. */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div className="k-alert k-alert--success" role="status">
      {text}
    </div>
  );
}
