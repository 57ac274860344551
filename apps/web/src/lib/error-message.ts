import { HttpError, serverMessage } from './api-client';
import { UNEXPECTED_ERROR } from './messages';

/** An error whose message is written for the person using the app (not a technical detail). */
export class UserFacingError extends Error {}

export const NETWORK_ERROR = 'Unable to reach the server. Please check your connection and try again.';

/** What to tell a person about a failure: the server's message, else a sentence about the failure kind. */
export function errorMessage(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof HttpError) return error.response ? fallback : NETWORK_ERROR;
  if (error instanceof UserFacingError) return error.message;
  return fallback;
}
