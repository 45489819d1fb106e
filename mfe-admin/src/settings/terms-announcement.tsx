import type { KassaError } from '@kassa/api-client';
import { TERMS_NOTICE_DAYS, type AdminSettings } from '@kassa/contracts';
import { addDays, Button, dutchDay, formatDate, formatDay, Modal, TextField, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { useAnnounceTermsMutation } from './settings-api';

/**
 * New terms announced ahead (SPEC 1: 14 days): what changes in a few lines and the day they take effect. Every member
 * is mailed at once; from that day everyone accepts the terms again. One announcement waits at a time.
 */
export function TermsAnnouncementPart({ settings, onDone }: { settings: AdminSettings; onDone: (msg: string) => void }) {
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState('');
  const earliest = addDays(dutchDay(), TERMS_NOTICE_DAYS);
  const [effectiveOn, setEffectiveOn] = useState(earliest);
  const [announce, { isLoading }] = useAnnounceTermsMutation();
  const dialogs = useDialogs();
  const a = settings.termsAnnouncement;
  const waiting = a !== null && a.effectiveOn > dutchDay();

  const send = async () => {
    const result = await announce({ summary, effectiveOn });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Announcing the terms failed' });
    setOpen(false);
    onDone(`Terms version ${result.data.termsAnnouncement?.version ?? ''} announced: ${result.data.termsAnnouncement?.told ?? 0} users are told by mail; they take effect on ${formatDay(effectiveOn)}.`);
  };

  return (
    <>
      {a ? (
        <p className="k-muted" role="note">
          {waiting ? 'Announced' : 'Last announced'} on {formatDate(a.announcedAt)}: version {a.version}, {waiting ? 'in force from' : 'in force since'} {formatDay(a.effectiveOn)} ({a.told} users told). “{a.summary}”
        </p>
      ) : null}
      <div className="k-row">
        <Button onClick={() => setOpen(true)} disabled={waiting}>
          Announce new terms
        </Button>
      </div>
      {open ? (
        <Modal
          title="Announce new terms"
          onCancel={() => setOpen(false)}
          actions={
            <>
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button variant="primary" disabled={isLoading || summary.trim() === '' || effectiveOn < earliest} onClick={() => void send()}>
                {isLoading ? 'Announcing…' : 'Announce'}
              </Button>
            </>
          }
        >
          <div className="k-stack">
            <p>Every member is mailed now. From the day below everyone accepts the terms again; who refuses is signed out.</p>
            <div className="k-field">
              <label className="k-field__label" htmlFor="terms-summary">
                What changes
              </label>
              <textarea id="terms-summary" className="k-input" rows={4} maxLength={1000} value={summary} onChange={(e) => setSummary(e.target.value)} />
            </div>
            <TextField
              label="In force from"
              type="date"
              min={earliest}
              value={effectiveOn}
              onChange={(e) => setEffectiveOn(e.target.value)}
              hint={`At least ${TERMS_NOTICE_DAYS} days from today: ${formatDay(earliest)} or later.`}
              error={effectiveOn < earliest ? `Choose ${formatDay(earliest)} or later.` : undefined}
            />
          </div>
        </Modal>
      ) : null}
    </>
  );
}
