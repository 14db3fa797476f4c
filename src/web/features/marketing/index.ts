// What the app may use of marketing (the landing page's pieces).
export { FeatureGrid } from './components/feature-grid';
export { SAMPLE_ALERTS, SampleAlertCard } from './components/sample-alert-card';
