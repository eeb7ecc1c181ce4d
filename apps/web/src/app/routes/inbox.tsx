import { InboxScreen } from '@/features/inbox/components/inbox-screen';
import { ModelActions } from '@/features/models/components/model-actions';
import { FigureQueryRoute } from './query-cache';

/**
 * `/kotak-masuk/soekarno` and `/kotak-masuk/hatta` (admin only): the curators' inbox of the
 * figure the path names, with the retrain button of the model feature.
 */
export function InboxRoute() {
  return (
    <FigureQueryRoute kind="inbox">
      {(figure) => (
        <InboxScreen
          figure={figure}
          headerActions={(notify) => <ModelActions figure={figure} notify={notify} />}
        />
      )}
    </FigureQueryRoute>
  );
}
