// What the app and other features may use of relevance (thumbs on mentions, the keyword's
// "hide likely irrelevant" filter and the hidden counts).
export { FeedbackButtons } from './components/feedback-buttons';
export { HiddenCount } from './components/hidden-count';
export { RelevanceFilter } from './components/relevance-filter';
