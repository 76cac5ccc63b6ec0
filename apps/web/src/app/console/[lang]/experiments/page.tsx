import { ExperimentList } from '../../experiment-list';

export default function ConsoleExperimentsPage() {
  return <ExperimentList />;
}
