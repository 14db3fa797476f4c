// What the app may use of the dashboard (a screen composed from other features).
export { useQuotaNotice } from './components/quota-notice';
export { StatsCards } from './components/stats-cards';
