import { useLocation } from 'react-router';
import { figureOfPath } from '@/config/paths';
import { InboxScreen } from '@/features/inbox/components/inbox-screen';
import { ModelActions } from '@/features/models/components/model-actions';
import { QueryProvider } from './query-cache';

/**
 * `/kotak-masuk/soekarno` and `/kotak-masuk/hatta` (admin only): the curators' inbox of the
 * figure the path names, with the retrain button of the model feature.
 */
export function InboxRoute() {
  const figure = figureOfPath('inbox', useLocation().pathname);
  return (
    <QueryProvider>
      <InboxScreen
        figure={figure}
        headerActions={(notify) => <ModelActions figure={figure} notify={notify} />}
      />
    </QueryProvider>
  );
}
