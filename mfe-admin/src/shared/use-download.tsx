import { useState } from 'react';
import { Notice } from './notice';

/**
 * A page's download button state: `run` fetches a file (downloadFile and the like, which answer the server's refusal
 * or null), `downloading` while it does, and `problem` is the last refusal, shown by `<DownloadProblem>`.
 */
export function useDownload() {
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (download: () => Promise<string | null>) => {
    setDownloading(true);
    setProblem(await download());
    setDownloading(false);
  };
  return { downloading, problem, run };
}

/** Why the last download was refused, or nothing. */
export const DownloadProblem = ({ problem }: { problem: string | null }) => <Notice text={problem} tone="error" />;
