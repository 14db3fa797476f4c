import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Receipt } from '../../features/billing';

/** /billing/receipts/:reference — the receipt page of a test-mode payment. */
export default function ReceiptRoute() {
  const { reference = '' } = useParams();
  return (
    <>
      <PageHeader title="Payment Receipt" description="Keep this page for your records." />
      <Receipt reference={reference} />
    </>
  );
}
