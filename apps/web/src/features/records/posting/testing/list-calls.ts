/**
 * Test-only: the requests a posting list makes besides its own pages: the signed-in user (`GET /session`, read
 * by the URL state), which of its rows were reversed (`GET /postings/reversed`, issue 26) and when a post is
 * confirmed first (`GET /settings/post-confirmation`, issue 26).
 */
export const NOT_THE_LIST = new Set(['/session', '/postings/reversed', '/settings/post-confirmation']);
