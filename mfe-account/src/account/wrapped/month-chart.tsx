import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what a bar chart needs, so the chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export const MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** Items bought per month as bars (Chart.js), with the numbers in the label for screen readers. */
export default function MonthChart({ perMonth, upTo }: { perMonth: number[]; upTo: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const months = MONTHS.slice(0, upTo + 1);
  const values = perMonth.slice(0, upTo + 1);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: months, datasets: [{ label: 'Items', data: values, backgroundColor: '#2f6fd6', borderRadius: 4 }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { enabled: true } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { grid: { display: false } } },
      },
    });
    return () => chart.destroy();
    // The numbers are the chart: draw again when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values.join(',')]);
  return (
    <div className="wrapped__chart">
      <canvas ref={canvas} role="img" aria-label={`Items per month: ${months.map((m, i) => `${m} ${values[i]}`).join(', ')}`} />
    </div>
  );
}
