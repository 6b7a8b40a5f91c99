import { Badge, Group, type MantineSize } from "@mantine/core";
import { releaseChannels, type ReleaseChannel } from "@portal/contract";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/**
 * Release channels (API.md "Release channels and entitlement-gated updates"): how the plan form, the
 * licence drawer and the update screens name and show them. Shared (components/) by those features.
 */

/** Stable is the calm default; the less stable a channel, the warmer its colour (lib/theme status tones: AA in both schemes). */
export const channelColor: Record<ReleaseChannel, string> = { stable: "teal", rc: "blue", beta: "orange", alpha: "red", dev: "gray" };

export function channelLabel(channel: ReleaseChannel, t: TFunction): string {
  return t(`licenses.releaseChannel.${channel}`);
}

/** The channels as multi-select or select options, most stable first. */
export function channelOptions(t: TFunction): { value: ReleaseChannel; label: string }[] {
  return releaseChannels.map((channel) => ({ value: channel, label: channelLabel(channel, t) }));
}

/** "Stable and Beta": the channels in words, in the interface language. */
export function channelList(channels: readonly ReleaseChannel[], t: TFunction, language: string): string {
  return new Intl.ListFormat(language, { type: "conjunction" }).format(channels.map((channel) => channelLabel(channel, t)));
}

/** The default channel set ("stable" only): what plans, licences and updates have unless someone chose otherwise. */
export const isDefaultChannels = (channels: readonly ReleaseChannel[]) => channels.length === 1 && channels[0] === "stable";

const unclipped = { root: { overflow: "visible" }, label: { overflow: "visible" } };

export function ChannelBadge({ channel, size = "sm" }: { channel: ReleaseChannel; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={channelColor[channel]} variant="light" size={size} data-channel={channel} data-testid="channel-badge" styles={unclipped} style={{ flexShrink: 0 }}>
      {channelLabel(channel, t)}
    </Badge>
  );
}

export function ChannelBadges({ channels, size = "sm" }: { channels: readonly ReleaseChannel[]; size?: MantineSize }) {
  return (
    <Group gap={4} wrap="wrap" data-testid="channel-badges">
      {channels.map((channel) => (
        <ChannelBadge key={channel} channel={channel} size={size} />
      ))}
    </Group>
  );
}
