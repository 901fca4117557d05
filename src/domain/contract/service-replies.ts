/**
 * Replies that no screen parses, named so the OpenAPI document (openapi.ts) can say what they are: the
 * health check, the auth calls whose answers the client passes on unread (SPEC §7 leaves them open) and
 * the webhook. Like requests.ts, the browser never loads this module.
 */
import * as z from 'zod/mini';
import { userSchema } from '../auth.ts';

/** GET /health */
export const healthReplySchema = z.object({ ok: z.literal(true) });

/** POST /auth/register (201): the new account, not signed in yet. */
export const registerReplySchema = z.object({ data: z.object({ user: userSchema }) });

/** POST /auth/forgot-password: the same sentence whether or not the address is known. */
export const forgotPasswordReplySchema = z.object({ message: z.string() });

/** POST /auth/reset-password */
export const resetPasswordReplySchema = z.object({ success: z.literal(true), message: z.string() });

/** Any method on /webhooks/:secret (202): the queued run. */
export const webhookRunReplySchema = z.object({ runId: z.string() });
