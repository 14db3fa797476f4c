// What the app and other features may use of ingestion (monitoring status, Reddit access).
export { useIngestionStatus } from './api/get-ingestion-status';
export { useRedditAccess } from './api/get-reddit-access';
export { MonitoringHealth } from './components/monitoring-health';
