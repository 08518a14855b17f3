import { useParams } from 'react-router';
import { RequestStatusContent } from './request-status-content.tsx';

/** The app's route /r/{token} (a signed-in viewer opening a reporter's status link). */
export function RequestStatusPage() {
  const { token = '' } = useParams();
  return <RequestStatusContent token={token} />;
}
