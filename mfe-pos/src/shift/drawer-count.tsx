import { DENOMINATIONS } from '@kassa/contracts/denominations';
import { formatMoney } from '@kassa/ui';

export type Counts = Record<string, number>;

export const emptyCounts = (): Counts => Object.fromEntries(DENOMINATIONS.map((d) => [String(d), 0]));

/** A drawer counted by denomination: a row per note and coin with its count and line total, and the sum. */
export function DrawerCount({ label, counts, onChange }: { label: string; counts: Counts; onChange: (counts: Counts) => void }) {
  const total = DENOMINATIONS.reduce((sum, d) => sum + d * (counts[String(d)] ?? 0), 0);
  return (
    <fieldset className="shift-count">
      <legend>{label}</legend>
      <table className="shift-count__table">
        <tbody>
          {DENOMINATIONS.map((d) => {
            const n = counts[String(d)] ?? 0;
            return (
              <tr key={d}>
                <th scope="row">{formatMoney(d)}</th>
                <td>
                  <input
                    className="k-input shift-count__input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    aria-label={`${label}: number of ${formatMoney(d)}`}
                    value={n === 0 ? '' : String(n)}
                    placeholder="0"
                    onChange={(e) => {
                      const parsed = Number.parseInt(e.target.value, 10);
                      onChange({ ...counts, [String(d)]: Number.isFinite(parsed) && parsed > 0 ? parsed : 0 });
                    }}
                  />
                </td>
                <td className="shift-count__line">{formatMoney(d * n)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td className="shift-count__line" data-testid={`${label}-total`}>
              {formatMoney(total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </fieldset>
  );
}
