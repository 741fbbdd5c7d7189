import { type InstagramConnection, permissionDescriptions } from "@sightline/contracts";

/** Spec §9: the profile is refreshed when it is older than 24 hours. */
export const PROFILE_MAX_AGE_MS = 86_400_000;

/** Spec §7/§9: refresh in the background when the picture or follower count is missing or old. */
export function needsProfileRefresh(connection: InstagramConnection, now: number): boolean {
  if (connection.status !== "active") return false;
  if (!connection.profile_picture_url || connection.followers_count === null) return true;
  const updatedAt = Date.parse(connection.updated_at);
  return Number.isNaN(updatedAt) || now - updatedAt > PROFILE_MAX_AGE_MS;
}

export type PermissionRow = { scope: string; label: string; unlocks: string; granted: boolean };

/**
 * The permissions each login asks for (Instagram Login's are the instagram_business_* ones),
 * granted or not, in the order Settings lists them.
 */
export function permissionRows(connection: Pick<InstagramConnection, "login" | "scopes">) {
  const requested = Object.keys(permissionDescriptions).filter((scope) =>
    connection.login === "instagram"
      ? scope.startsWith("instagram_business_")
      : !scope.startsWith("instagram_business_"),
  );
  const rows: PermissionRow[] = requested.map((scope) => ({
    scope,
    ...(permissionDescriptions[scope] as { label: string; unlocks: string }),
    granted: connection.scopes.includes(scope),
  }));
  // A scope Meta granted that this list does not know still shows.
  for (const scope of connection.scopes) {
    if (!requested.includes(scope)) {
      const known = permissionDescriptions[scope];
      rows.push({
        scope,
        label: known?.label ?? scope,
        unlocks: known?.unlocks ?? "",
        granted: true,
      });
    }
  }
  return [...rows.filter((row) => row.granted), ...rows.filter((row) => !row.granted)];
}
