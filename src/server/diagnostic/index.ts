// The diagnostic area: an alert's live API test and its monitoring details.
export { diagnosticRoutes } from './routes';
export { createDiagnosticService, type DiagnosticService } from './service';
