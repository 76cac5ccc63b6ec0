import { FunnelView } from '../../funnel-view';

export default function ConsoleFunnelsPage() {
  return <FunnelView />;
}
