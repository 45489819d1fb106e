import { selectBusy, useAppSelector } from '@kassa/api-client';

/** A thin bar at the top while any request runs (SPEC 4 request counter). */
export function BusyBar() {
  const busy = useAppSelector(selectBusy);
  return (
    <div
      className={`k-busy-bar${busy ? ' k-busy-bar--active' : ''}`}
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      data-busy={busy ? 'true' : 'false'}
    />
  );
}
