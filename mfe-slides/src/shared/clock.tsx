import { useEffect, useState } from 'react';

const hhmm = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit' });

/** "21:05" for a time stamp, in the screen's own time zone (the bar's). */
export const formatTime = (value: string | number | Date): string => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : hhmm.format(date);
};

/** The current time, HH:MM; re-renders only when the minute changes. */
export function Clock({ className }: { className?: string }) {
  const [now, setNow] = useState(() => formatTime(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setNow(formatTime(Date.now())), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className={className} aria-label="Time">
      {now}
    </time>
  );
}
