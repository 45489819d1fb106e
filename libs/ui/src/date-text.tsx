import { formatDate, type DateInput } from './format';

export function DateText({ value, time = false, className }: { value: DateInput; time?: boolean; className?: string }) {
  const date = value instanceof Date ? value : new Date(value);
  const iso = Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  return (
    <time className={className} dateTime={iso}>
      {formatDate(date, { time })}
    </time>
  );
}
