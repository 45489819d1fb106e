import { useEffect, useState } from 'react';

/**
 * "Training: no real money" on every page while the server runs with stand-ins or development secrets (`npm start`,
 * or production with KASSA_TRAINING=1), so nobody takes a practice evening for a real one. It lets every tap through.
 */
export function TrainingBand() {
  const [training, setTraining] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/api/platform/')
      .then((res) => (res.ok ? (res.json() as Promise<{ result?: { training?: boolean } }>) : null))
      .then((body) => {
        if (live && body?.result?.training === true) setTraining(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!training) return null;
  return (
    <div className="k-training-band" role="note">
      Training: no real money
    </div>
  );
}
