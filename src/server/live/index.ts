// The live area: what changed for a user, from the processes that store it to the open tabs.
export { createLiveEventBus, type LiveEventBus } from './live-event-bus';
export { notifyLive, type LiveNotice } from './notify-live';
export { liveRoutes } from './routes';
