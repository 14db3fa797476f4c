// What the app and other features may use of diagnostic (an alert's debug page).
export { AlertDiagnostic } from './components/alert-diagnostic';
export { useBackfillNotice } from './components/backfill-notice';
