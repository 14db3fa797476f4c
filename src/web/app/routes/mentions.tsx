import { Button, Card, EmptyState } from '@mantine/core';
import { IconBellSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';

// The mentions list (filters, infinite scroll) arrives with the mentions issue; until then the
// page shows the spec's empty state.
export default function MentionsRoute() {
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Reddit posts and comments that match your keywords."
      />
      <Card padding="xl">
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconBellSearch size={28} aria-hidden />}
          title="No alerts found yet"
          description="Create keywords to start tracking Reddit mentions."
        >
          <EmptyState.Actions>
            <Button component={Link} to="/alerts">
              Create Keywords
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </>
  );
}
