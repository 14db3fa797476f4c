// What the app may use of the dashboard (a screen composed from other features).
export { QuotaNotice } from './components/quota-notice';
export { StatsCards } from './components/stats-cards';
