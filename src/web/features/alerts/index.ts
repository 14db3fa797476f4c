// What the app and other features may use of alerts (the keywords being monitored).
export { useAlertErrorInfo } from './api/get-alert-error-info';
export { useAlerts } from './api/get-alerts';
export { AlertsOverview } from './components/alerts-overview';
export { useFilterScopeChangeNotice } from './components/filter-scope-notice';
export { KeywordDialog } from './components/keyword-dialog';
export { KeywordManager } from './components/keyword-manager';
