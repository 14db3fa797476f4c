import type { Channel } from '@shared/api/channels';

/** Whether a channel delivers, and if not who stopped it, in words and a badge colour. */
export function channelStatus(channel: Channel) {
  if (!channel.isPaused) return { label: 'Active', color: 'teal' } as const;
  if (channel.pausedReason) {
    return {
      label: 'Paused by Earshot',
      color: 'red',
      detail: `Earshot paused this channel: ${channel.pausedReason}. Fix it where the channel lives, then resume it.`,
    } as const;
  }
  return { label: 'Paused by you', color: 'gray', detail: undefined } as const;
}
