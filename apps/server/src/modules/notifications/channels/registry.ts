/** The channels by connection type: the 16 notification-capable types of spec 001 §3. */
import type { Channel } from './channel.js';
import { discord } from './discord.js';
import { email } from './email.js';
import { genericWebhook } from './generic-webhook.js';
import { googleChat } from './google-chat.js';
import { ifttt } from './ifttt.js';
import { matrix } from './matrix.js';
import { mattermost } from './mattermost.js';
import { ntfy } from './ntfy.js';
import { opsgenie } from './opsgenie.js';
import { pushbullet } from './pushbullet.js';
import { pushover } from './pushover.js';
import { rocketchat } from './rocketchat.js';
import { slack } from './slack.js';
import { teams } from './teams.js';
import { telegram } from './telegram.js';
import { zulip } from './zulip.js';

/** Connection type → channel. */
export const CHANNELS: Readonly<Record<string, Channel>> = {
  discord,
  email,
  generic_webhook: genericWebhook,
  google_chat: googleChat,
  ifttt,
  matrix,
  mattermost,
  ntfy,
  opsgenie,
  pushbullet,
  pushover,
  rocketchat,
  slack,
  teams,
  telegram,
  zulip_chat: zulip,
};

/** The channel of a connection type, or undefined for a type that cannot send notifications. */
export function channelFor(type: string): Channel | undefined {
  return CHANNELS[type];
}
