/**
 * An error the user can fix (an unknown phase, a missing template header, ...). Its message is one
 * sentence that says what is wrong and how to fix it; the CLI prints it as one line (exit 2) and
 * the app as a notification.
 */
export class DiscussionError extends Error {}
