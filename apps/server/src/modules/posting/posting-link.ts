/**
 * Where a notification about one posting leads: the Posting History with that posting's drawer open
 * (`?posting=<id>`, the id the history lists it by: its generation's first attempt). Issue 26: a notification
 * opens the record itself, not a filtered list the user must search again.
 */
export const postingLink = (postingId: number) => `/postings?posting=${postingId}`;

/** The link, or the filtered list `fallback` when the posting has no attempt to be named by. */
export const postingLinkOr = (postingId: number | null, fallback: string) =>
  postingId === null ? fallback : postingLink(postingId);
