import { useEffect, useState } from 'react';
import { askTrainingMode, trainingModeKnown } from './training-mode';

/**
 * "Training: no real money" on every page while the server runs with stand-ins or development secrets (`npm start`,
 * or production with KASSA_TRAINING=1), so nobody takes a practice evening for a real one. It lets every tap through.
 */
export function TrainingBand() {
  const [training, setTraining] = useState(trainingModeKnown() === true);
  useEffect(() => {
    let live = true;
    void askTrainingMode().then((on) => {
      if (live && on) setTraining(true);
    });
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
