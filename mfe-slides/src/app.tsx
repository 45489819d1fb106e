import type { RemoteAppProps } from '@kassa/api-client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { BarMenuSlide } from './bar-menu/bar-menu-slide';
import { SlideShow } from './overview/slide-show';
import { useIdleCursor } from './shared/use-idle-cursor';
import { LiveFeedProvider } from './transactions/live-feed-context';
import { TransactionsSlide } from './transactions/transactions-slide';
import './shared/slides.css';

/** Exposed as mfe_slides/App; the shell renders it full screen under /slides/*, without sign-in or sidebar. */
export default function App({ basePath }: RemoteAppProps) {
  const idle = useIdleCursor();
  return (
    <LiveFeedProvider>
      <div className={`slides${idle ? ' slides--idle' : ''}`} data-remote="mfe_slides">
        <Routes>
          <Route index element={<SlideShow />} />
          <Route path="bar" element={<BarMenuSlide />} />
          <Route path="transactions" element={<TransactionsSlide />} />
          <Route path="*" element={<Navigate to={basePath} replace />} />
        </Routes>
      </div>
    </LiveFeedProvider>
  );
}
