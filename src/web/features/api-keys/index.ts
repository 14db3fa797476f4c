// What the app may use of API keys (Settings → API).
export { ApiSettings } from './components/api-settings';
