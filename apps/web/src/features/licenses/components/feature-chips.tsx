import { Badge, Group, Tooltip } from "@mantine/core";

/** Features as chips; with `limit`, the first ones and "+n" (the rest named in its tooltip). */
export function FeatureChips({ features, size = "xs", limit, maw }: { features: { id: string; name: string }[]; size?: "xs" | "sm"; limit?: number; maw?: number }) {
  if (features.length === 0) return null;
  const shown = limit === undefined ? features : features.slice(0, limit);
  const rest = features.slice(shown.length);
  return (
    <Group gap={4} maw={maw}>
      {shown.map((feature) => (
        <Badge key={feature.id} variant="outline" size={size} radius="sm" tt="none">
          {feature.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((feature) => feature.name).join(", ")} withArrow>
          <Badge variant="light" size={size} radius="sm" tt="none">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
