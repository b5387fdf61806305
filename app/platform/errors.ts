/** The message of whatever was thrown: an Error's message, anything else as a string. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
