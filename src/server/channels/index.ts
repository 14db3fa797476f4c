// The channels area: Slack, Discord, Telegram, ntfy and signed webhooks, and their outbox.
export { enqueueDeliveries, cancelPendingDeliveries } from './outbox-repo';
export { channelIdsByAlert, setAlertChannels } from './repo';
export { channelRoutes } from './routes';
export { assertOwnedChannels, createChannelService, type ChannelService } from './service';
export { createChannelJobs, type ChannelJobName } from './jobs';
export type { DeliverySettings } from './deliver';
export { sealStoredChannelSecrets } from './secrets';
