import { Card, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useAlertErrorInfo, useAlerts } from '../../features/alerts';
import { AlertDiagnostic } from '../../features/diagnostic';
import { VolumePreview } from '../../features/preview';

/** The keyword dialog's volume preview, for the alert as saved. */
function AlertVolumeCard({ id }: { id: number }) {
  const alert = useAlerts().data?.find((a) => a.id === id);
  if (!alert) return null;
  const { keyword, subreddits, includeComments, titlesOnly, sources } = alert;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="volume-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="volume-heading">
          Expected volume
        </Title>
        <VolumePreview input={{ keyword, subreddits, includeComments, titlesOnly, sources }} />
      </Stack>
    </Card>
  );
}

/**
 * Alert Diagnostic: any signed-in user may open it; the server checks ownership. See
 * docs/product.md §3 (Screens).
 */
export default function AlertDebugRoute() {
  const { id = '' } = useParams();
  const info = useAlertErrorInfo(id);
  return (
    <>
      <PageHeader
        title="Alert Diagnostic"
        description="Check how Earshot reads Reddit for one of your keywords."
      />
      <AlertDiagnostic
        key={id}
        id={id}
        info={info}
        expectedVolume={(alertId) => <AlertVolumeCard id={alertId} />}
      />
    </>
  );
}
