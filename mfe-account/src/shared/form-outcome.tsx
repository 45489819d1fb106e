/** Under a form: the server's refusal (its lines kept apart), or what the last save did. */
export function FormOutcome({ error, saved }: { error: string | null; saved?: string | null }) {
  if (error) {
    return (
      <div className="k-alert k-alert--error" role="alert" style={{ whiteSpace: 'pre-line' }}>
        {error}
      </div>
    );
  }
  return saved ? (
    <div className="k-alert k-alert--success" role="status">
      {saved}
    </div>
  ) : null;
}
