import { PageHeader } from '../../components/page-header';
import { AnalyticsReport, PeriodControl, useAnalyticsDays } from '../../features/analytics';

/**
 * /analytics: the workspace's mentions over 7, 30 or 90 days (?days=, default 30) as figures,
 * charts and tables, in the user's time zone (DESIGN §9).
 */
export default function AnalyticsRoute() {
  const [days, setDays] = useAnalyticsDays();
  return (
    <>
      <PageHeader
        title="Analytics"
        description="How often your keywords were mentioned, where and by whom, and how the team replied."
        actions={<PeriodControl value={days} onChange={setDays} />}
      />
      <AnalyticsReport days={days} />
    </>
  );
}
