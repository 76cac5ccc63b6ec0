import { ExperimentResults } from '../../../experiment-results';

export default async function ConsoleExperimentPage({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  return <ExperimentResults id={id} />;
}
