/**
 * Stands in for `@tanstack/devtools-event-client` in production builds (rsbuild.config.ts alias).
 * TanStack Form reports every form event to a devtools bus, and ships that client (with its reconnect
 * timer) even when no devtools run; Flowsmith uses none, and the login page carries the form.
 */
export class EventClient {
  constructor(_options: unknown) {}

  emit(): void {}

  on(): () => void {
    return () => undefined;
  }
}
