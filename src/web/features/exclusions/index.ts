// What the app may use of exclusions (subreddits and authors never shown for any keyword).
export { GlobalExclusions } from './components/global-exclusions';
