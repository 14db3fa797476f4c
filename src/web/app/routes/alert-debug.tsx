import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AlertDiagnostic } from '../../features/diagnostic';

/**
 * Alert Diagnostic: any signed-in user may open it; the server checks ownership. See
 * docs/product.md §3 (Screens).
 */
export default function AlertDebugRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Alert Diagnostic"
        description="Check how Earshot reads Reddit for one of your keywords."
      />
      <AlertDiagnostic key={id} id={id} />
    </>
  );
}
