export function Spinner({ size = 32, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <span
      className="k-spinner"
      role="progressbar"
      aria-label={label}
      style={{ ['--k-spinner-size' as string]: `${size}px` }}
    />
  );
}

/** A spinner centred in its area, for content that has no cached data to show yet. */
export function LoadingArea({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="k-spinner-center">
      <Spinner label={label} />
    </div>
  );
}
