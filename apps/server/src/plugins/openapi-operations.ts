import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract';
import { BOOKS_OPERATIONS } from './openapi-operations-books.js';
import { PEOPLE_OPERATIONS } from './openapi-operations-people.js';
import { pascalCase } from './openapi-schemas.js';
import type { Operation } from './openapi-tags.js';

export { TAGS, type Operation, type Tag } from './openapi-tags.js';

/*
 * The names of the API's operations in the OpenAPI document (issue 23): a stable camelCase operationId, a
 * summary, a description where the summary is not enough, and the tag it is listed under. A generated client
 * names its functions after the ids, so an id never changes once released. Every route the document holds must
 * be named (openapi.int.test.ts checks it): the fixed routes in openapi-operations-people.ts and -books.ts, the
 * record kinds' list and post routes from the kinds' registry below, so a new kind needs nothing here.
 */

/** Each kind's list and post routes, named from its nouns. */
const KIND_OPERATIONS: Record<string, Operation> = Object.fromEntries(
  RECORD_KIND_NAMES.flatMap((name) => {
    const { apiPath, noun, queued } = RECORD_KINDS_PLAIN[name];
    return [
      [
        `GET ${apiPath}`,
        {
          id: `list${pascalCase(noun.many)}`,
          summary: `List ${noun.many}`,
          tag: 'Records',
          description: `The ${noun.many} filtered by date, status and search. Without paging parameters the whole filtered list as an array (up to LIST_ROW_CAP rows); with \`page\` or \`perPage\` one page and its totals.`,
        },
      ],
      [
        `POST ${apiPath}`,
        {
          id: `post${pascalCase(noun.many)}`,
          summary: `Post ${noun.many} to SAP`,
          tag: 'Records',
          description: queued
            ? `Queues the chosen ${noun.many} for posting (202); each is posted to SAP exactly once.`
            : `Posts the chosen ${noun.many} to SAP, each exactly once, and answers which were posted and which failed.`,
        },
      ],
    ];
  }),
);

export const OPERATIONS: Readonly<Record<string, Operation>> = {
  ...PEOPLE_OPERATIONS,
  ...BOOKS_OPERATIONS,
  ...KIND_OPERATIONS,
};

/** The operation of a route: `method` in capitals, `url` with `{param}` placeholders as the document writes them. */
export const operationOf = (method: string, url: string): Operation | undefined =>
  OPERATIONS[`${method} ${url}`];
