import type { KassaError } from '@kassa/api-client';
import { TerminalOutcome } from '@kassa/contracts';
import { Button, useDialogs } from '@kassa/ui';
import { Section } from '../shared/section';
import { useGetStandinTerminalQuery, usePlanStandinTerminalMutation } from './terminal-api';

const OUTCOME_LABELS: Record<TerminalOutcome, string> = {
  completed: 'Approved',
  expired: 'Expired',
  cancelled: 'Cancelled by the customer',
  deleted: 'Deleted at the terminal',
};

/**
 * The training terminal (TERMINAL_PROVIDER=standin, the default of `npm start`): staff practise a card payment that
 * fails before a real evening does it for them. Each register has its own, as each has its own terminal at a bar; each
 * queued outcome is used by the register's next card payment, after that payments are approved. Hidden where a real
 * terminal is in use (the server answers 409).
 */
export function StandinTerminalPanel({ registerId }: { registerId: string }) {
  const { data, isError } = useGetStandinTerminalQuery({ register: registerId });
  const [plan, { isLoading }] = usePlanStandinTerminalMutation();
  const dialogs = useDialogs();
  if (isError || !data) return null;
  const queued = data.queued.map((q) => q.outcome);
  const set = async (outcomes: TerminalOutcome[]) => {
    const result = await plan({ outcomes, register: registerId });
    if (result.error) void dialogs.error(result.error as KassaError, { title: 'The training terminal did not take it' });
  };
  return (
    <Section id="standin-terminal" title="Training terminal" className="k-card k-stack" headingClassName="registers__heading">
      <p className="k-muted">
        No real card terminal is connected: this register&apos;s card payments go to its training terminal. Choose how its next payments end to practise
        a failed one; after these, payments are approved after {Math.round(data.defaultDelayMs / 100) / 10} s.
      </p>
      <p>
        Next payments: {queued.length ? <strong>{queued.map((o) => OUTCOME_LABELS[o]).join(', then ')}</strong> : <span>approved</span>}
      </p>
      <div className="k-row registers__outcomes">
        {TerminalOutcome.options.map((o) => (
          <Button key={o} disabled={isLoading} onClick={() => void set([...queued, o])}>
            + {OUTCOME_LABELS[o]}
          </Button>
        ))}
        <Button disabled={isLoading || queued.length === 0} onClick={() => void set([])}>
          Clear
        </Button>
      </div>
    </Section>
  );
}
