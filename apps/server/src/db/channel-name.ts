// LISTEN takes no bind parameters, so a channel name ends up spliced into SQL text. Allowing only
// plain lowercase identifiers means it never needs quoting (no injection) and PostgreSQL never
// case-folds or truncates it into a name that no longer matches the handlers' key.
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
// PostgreSQL truncates identifiers past NAMEDATALEN - 1 bytes.
const MAX_CHANNEL_LENGTH = 63;

export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel) || channel.length > MAX_CHANNEL_LENGTH) {
    throw new Error(
      `Invalid notification channel ${JSON.stringify(channel)}: use lowercase letters, digits and _ (at most ${MAX_CHANNEL_LENGTH}, not starting with a digit)`,
    );
  }
}
