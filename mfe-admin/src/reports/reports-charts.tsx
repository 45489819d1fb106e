import { CHECKOUT_METHOD_LABELS, CheckoutMethod, type ReportOverview } from '@kassa/contracts';
import { addDays, formatDay, formatMoney } from '@kassa/ui';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

/** One colour a method, the same in every chart (the theme's tones). */
const METHOD_COLOURS: Record<CheckoutMethod, string> = { cash: '#1b7a32', card: '#1f5fbf', account: '#a65f00', self: '#7b3fb5', other: '#6b7685' };
const euros = (cents: number) => formatMoney(cents);
const shortDay = (day: string) => `${Number(day.slice(8, 10))}-${Number(day.slice(5, 7))}`;

/** Every day of the period, the days without sales at zero: the bars stand where their days are. */
function everyDay({ from, to, perDay }: Pick<ReportOverview, 'from' | 'to' | 'perDay'>): ReportOverview['perDay'] {
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const days: ReportOverview['perDay'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(byDay.get(day) ?? { day, cash: 0, card: 0, account: 0, self: 0, other: 0, total: 0 });
  return days;
}

/** Takings per day, stacked by method (recharts: its own chunk, with this page). */
export function TakingsChart({ overview }: { overview: Pick<ReportOverview, 'from' | 'to' | 'perDay'> }) {
  return (
    <div role="img" aria-label="Takings per day by method" className="reports__chart">
      <BarChart responsive style={{ width: '100%', height: '100%' }} data={everyDay(overview)} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} />
        <YAxis tickFormatter={(c: number) => `€${(c / 100).toLocaleString('nl-NL', { maximumFractionDigits: 2 })}`} width={64} />
        <Tooltip formatter={(value) => euros(Number(value))} labelFormatter={(day) => formatDay(String(day))} />
        <Legend />
        {CheckoutMethod.options.map((m) => (
          <Bar key={m} dataKey={m} name={CHECKOUT_METHOD_LABELS[m]} stackId="takings" fill={METHOD_COLOURS[m]} />
        ))}
      </BarChart>
    </div>
  );
}

/** Sales per hour of the day. */
export function HoursChart({ hours }: { hours: ReportOverview['hours'] }) {
  return (
    <div role="img" aria-label="Sales per hour of the day" className="reports__chart">
      <BarChart responsive style={{ width: '100%', height: '100%' }} data={hours} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" minTickGap={8} />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip formatter={(value) => [String(value), 'Sales']} labelFormatter={(h) => `${h}:00–${Number(h) + 1}:00`} />
        <Bar dataKey="count" name="Sales" fill="#1f5fbf" />
      </BarChart>
    </div>
  );
}
