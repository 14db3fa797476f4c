// What the app and other features may use of channels (Slack, Discord, Telegram, ntfy, webhooks)
// and the feeds.
export { useChannels } from './api/get-channels';
export { ChannelSettings } from './components/channel-settings';
export { DeadLetters } from './components/dead-letters';
export { FeedsSettings } from './components/feeds-settings';
export { usePausedChannelsNotice } from './components/paused-channels-notice';
export { SendToSelect } from './components/send-to-select';
