import type { AlertService } from '../alerts';
import type { MentionService, StatsService } from '../mentions';
import type { PreviewService } from '../preview';
import type { RelevanceService } from '../relevance';

/** The web app's services the public API and the MCP tools call: no rule of their own. */
export type PublicApiServices = {
  alerts: AlertService;
  mentions: MentionService;
  relevance: RelevanceService;
  stats: StatsService;
  preview: PreviewService;
};
