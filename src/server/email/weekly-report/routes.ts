import { digestConfigSchema, weeklyReportUpdateSchema } from '@shared/api/digests';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { WeeklyReportService } from './service';

export function weeklyReportRoutes(
  app: PrivateScope,
  deps: { weeklyReports: WeeklyReportService },
) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/digest-config/weekly-report',
    {
      config: { access: 'personal' },
      schema: { body: weeklyReportUpdateSchema, response: { 200: digestConfigSchema } },
    },
    (request) => deps.weeklyReports.update(currentUser(request), request.body),
  );
}
