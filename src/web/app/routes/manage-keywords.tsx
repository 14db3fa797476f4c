import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { KeywordDialog, KeywordManager } from '../../features/alerts';
import { useSitesText } from '../../lib/sites-text';
import { useCan } from '../../lib/workspace-access';

/** /alerts: Manage Keywords (the sidebar calls it "Keywords"). */
export default function ManageKeywordsPage() {
  const [createOpened, create] = useDisclosure(false);
  const sites = useSitesText();
  const canEdit = useCan('member');
  return (
    <>
      <PageHeader
        title="Keywords"
        description={`Search, filter and edit the keywords Earshot watches on ${sites}.`}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
              Add Keywords
            </Button>
          )
        }
      />
      <KeywordManager onCreate={create.open} />
      <KeywordDialog opened={createOpened} onClose={create.close} />
    </>
  );
}
